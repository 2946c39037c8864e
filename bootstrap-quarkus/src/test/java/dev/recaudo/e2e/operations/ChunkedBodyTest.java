package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.RawHttp;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Bodies sent in chunks, without a {@code Content-Length} the edge could check up front: past 1 MiB
 * they are refused with the family's {@code 413} envelope like declared ones, and the refusal is a
 * client mistake, so nothing is logged as an error and no stack trace is written.
 */
@QuarkusTest
class ChunkedBodyTest {

    /** Above the HTTP server's own backstop (2 MiB), which once answered an empty 413 with an ERROR log. */
    private static final byte[] ABOVE_SERVER_LIMIT = jsonOfBytes(2_600_000);
    /** Between the service's 1 MiB and the server's backstop: refused all the same. */
    private static final byte[] ABOVE_SERVICE_LIMIT = jsonOfBytes(1_500_000);

    @Test
    void givenChunkedBodyOverTheLimit_whenCreatingAnInvoice_thenPublic413AndNoErrorLogged() throws InterruptedException {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        for (byte[] body : List.of(ABOVE_SERVER_LIMIT, ABOVE_SERVICE_LIMIT)) {
            String requestId = "chunked-" + UUID.randomUUID();
            RawHttp.Reply reply;
            try (LogCapture log = LogCapture.of("")) {
                reply = RawHttp.chunked("POST", "/v1/invoices", Map.of("Authorization", "Bearer " + key.secret(),
                        "x-idempotency", requestId, "Content-Type", "application/json", "X-Request-Id", requestId), body);
                log.assertNoErrorLogged();
            }
            assertThat(reply.status()).isEqualTo(413);
            assertThat(reply.json().getMap("")).containsOnlyKeys("message", "code", "code_name", "errors");
            assertThat(reply.json().getInt("code")).isEqualTo(10001);
        }
    }

    @Test
    void givenChunkedBodyOverTheLimit_whenCreatingAnApiKey_thenAdministration413AndNoErrorLogged() throws InterruptedException {
        Tenants.Company company = Tenants.company();
        String requestId = "chunked-" + UUID.randomUUID();
        RawHttp.Reply reply;
        try (LogCapture log = LogCapture.of("")) {
            reply = RawHttp.chunked("POST", "/companies/" + company.id() + "/api-keys", Map.of(
                    "Authorization", "Bearer " + company.adminToken(), "Content-Type", "application/json",
                    "X-Request-Id", requestId), keyJsonOfBytes(2_600_000));
            log.assertNoErrorLogged();
        }
        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().getMap("")).containsOnlyKeys("message", "code", "code_name", "errors");
    }

    @Test
    void givenChunkedBodyOverTheLimit_whenUpsertingACustomer_thenIntegrations413() {
        Tenants.Key key = Tenants.company().key("partner", List.of("customers:write"), "acme-erp");
        String path = "/integrations/v1/" + key.company().id() + "/customers/upsert";
        String timestamp = Signer.now();
        String requestId = "chunked-" + UUID.randomUUID();
        RawHttp.Reply reply = RawHttp.chunked("POST", path, Map.of("Authorization", "Bearer " + key.secret(),
                "Service-Timestamp", timestamp,
                "Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path,
                        new String(ABOVE_SERVER_LIMIT, StandardCharsets.UTF_8)),
                "Idempotency-Key", requestId, "Content-Type", "application/json", "X-Request-Id", requestId),
                ABOVE_SERVER_LIMIT);
        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().getMap("error")).containsOnlyKeys("code", "message", "requestId");
        assertThat(reply.json().getString("error.code")).isEqualTo("payload_too_large");
    }

    /** Errors may be logged just after the answer went out, so the capture is given a moment first. */
    /**
     * A valid invoice body of about {@code size} bytes, made long by many small array items rather
     * than one long string, so only its size (never the parser's string limit) can refuse it.
     */
    private static byte[] jsonOfBytes(int size) {
        return filled("{\"reference\":\"V-12.345.678\",\"amount\":20,\"name\":\"Chunked\",\"metadata\":{\"filler\":[", "0,",
                "0]}}", size);
    }

    /** An API-key body made long the same way, by its permissions list. */
    private static byte[] keyJsonOfBytes(int size) {
        return filled("{\"name\":\"chunked\",\"permissions\":[", "\"a\",", "\"a\"]}", size);
    }

    private static byte[] filled(String prefix, String item, String suffix, int size) {
        int items = (size - prefix.length() - suffix.length()) / item.length();
        return (prefix + item.repeat(items) + suffix).getBytes(StandardCharsets.UTF_8);
    }
}
