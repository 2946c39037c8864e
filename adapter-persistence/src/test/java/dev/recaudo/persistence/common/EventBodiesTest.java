package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.domain.common.JsonText;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: an event body's records are written by reflection, outside Quarkus REST, so a native
 * build needs each registered: a body holds plain values and the records {@link EventBodies}
 * registers, and any other record is refused in every build, before it could ship unregistered.
 */
class EventBodiesTest {

    /** A record no one registered for reflection. */
    private record Unregistered(String name) {}

    @Test
    void givenAnInvoiceEvent_whenRendered_thenItsRegisteredRecordsAndRawJsonAreWrittenAsTheyAre() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", "evt_1");
        body.put("type", "invoice.created");
        body.put("invoice", invoice(new JsonText("{\"order\":42}")));

        assertThat(EventBodies.render(body)).startsWith("{\"id\":\"evt_1\",\"type\":\"invoice.created\",\"invoice\":{\"id\":\"inv_1\"")
                .contains("\"amount\":20.00").contains("\"metadata\":{\"order\":42}")
                .contains("\"allows\":{\"accounts\":true,\"cards\":false,\"card_extra\":false,\"realtime\":false}");
    }

    @Test
    void givenAnUnregisteredRecordAnywhereInTheBody_whenRendered_thenRefused() {
        assertThatThrownBy(() -> EventBodies.render(Map.of("refund", new Unregistered("x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Unregistered.class.getName());
        assertThatThrownBy(() -> EventBodies.render(Map.of("lines", List.of(Map.of("line", new Unregistered("deep"))))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventBodies.render(Map.of("invoice", invoice(new Unregistered("in a component")))))
                .as("a registered record's components are walked too").isInstanceOf(IllegalArgumentException.class);
    }

    private static PublicInvoice invoice(Object metadataOrStray) {
        PublicInvoice.Payment payment = new PublicInvoice.Payment("chk_1", "erp", "USD", new BigDecimal("20.00"), "USD 20.00",
                null, null, null, null, null, null, null, new PublicInvoice.Allows(true, false, false, false), "PENDING", true,
                "2026-11-29T10:00:00Z", null, "https://pay.example/pay/chk_1", null, null, null, null, null, List.of(), null,
                metadataOrStray instanceof JsonText ? null : metadataOrStray);
        return new PublicInvoice("inv_1", "Consulting", null, new BigDecimal("20.00"), "USD", "erp", "INV-1", "V-1", "CREATED", null,
                metadataOrStray instanceof JsonText text ? text : null, null, null, null, "2026-11-29T10:00:00Z",
                "2026-11-29T10:00:00Z", null, true, null, payment);
    }
}
