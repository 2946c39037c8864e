package dev.recaudo.e2e.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operations beyond the public invoice API that queue lifecycle events, with the invoice each
 * event carries, as the events table of docs/reference/invoices.md states them: an integrations
 * document created, paid by verified payments or canceled, and a public invoice paid by an external
 * payment, direct or hosted.
 */
@QuarkusTest
class InvoiceEventEmittersTest {

    private static final List<String> INVOICES_AND_PAYMENTS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    @Test
    void givenIntegrationsDocuments_whenCreatedPaidOrCanceled_thenEachQueuesItsEventOnce() {
        Partner partner = Partner.create();
        String paidAtOnce = partner.createDocument("A", "C-1", "USD", 1000).getString("invoiceId");
        partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 1000)).then().statusCode(200);
        JsonPath created = only("invoice.created", paidAtOnce);
        assertThat(created.getString("invoice.status")).isEqualTo("CREATED");
        assertThat(created.getString("invoice.payment.status")).isEqualTo("PENDING");

        partner.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200).body("status", equalTo("applied"));
        JsonPath paid = only("invoice.paid", paidAtOnce);
        assertThat(paid.getString("invoice.status")).isEqualTo("PAID");
        assertThat(paid.getString("invoice.payment.status")).isEqualTo("APPROVED");
        assertThat(paid.getString("invoice.payment.provider_id")).isEqualTo("P-1");

        String paidInTwo = partner.createDocument("B", "C-1", "USD", 1000).getString("invoiceId");
        partner.pay("P-2", "C-1", 600, "USD", "B", 600).then().statusCode(200);
        assertThat(events("invoice.paid", paidInTwo)).isZero();
        partner.pay("P-3", "C-1", 400, "USD", "B", 400).then().statusCode(200);
        JsonPath paidLast = only("invoice.paid", paidInTwo);
        assertThat(paidLast.getString("invoice.status")).isEqualTo("PAID");
        assertThat(paidLast.getString("invoice.payment.status")).isEqualTo("APPROVED");
        assertThat(paidLast.getString("invoice.payment.provider_id")).isEqualTo("P-3");

        String canceled = partner.createDocument("C", "C-1", "USD", 1000).getString("invoiceId");
        partner.post("/collection-documents/C/cancel", "").then().statusCode(200);
        partner.post("/collection-documents/C/cancel", "").then().statusCode(200);
        assertThat(only("invoice.canceled", canceled).getString("invoice.status")).isEqualTo("DELETE_FROM_PROVIDER");
    }

    @Test
    void givenPublicInvoices_whenExternalPaymentsPayThem_thenInvoicePaidOnceEach() {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "erp test", "permissions", INVOICES_AND_PAYMENTS,
                "source", "erp", "environment", "test"));
        String direct = Invoices.create(key).getString("id");
        JsonPath charged = ExternalPayments.direct(key, Map.of("amountMinor", 2000, "currency", "USD", "invoiceId", direct));
        assertThat(charged.getString("status")).isEqualTo("completed");
        JsonPath paidDirect = only("invoice.paid", direct);
        assertThat(paidDirect.getString("invoice.status")).isEqualTo("PAID");
        assertThat(paidDirect.getString("invoice.payment.status")).isEqualTo("APPROVED");
        assertThat(paidDirect.getString("invoice.payment.provider_id")).isEqualTo("external:" + charged.getString("id"));

        String hosted = Invoices.create(key).getString("id");
        JsonPath payment = ExternalPayments.hosted(key, Map.of("amountMinor", 2000, "currency", "USD", "invoiceId", hosted));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(payment)).then().statusCode(200);
        JsonPath paidHosted = only("invoice.paid", hosted);
        assertThat(paidHosted.getString("invoice.status")).isEqualTo("PAID");
        assertThat(paidHosted.getString("invoice.payment.status")).isEqualTo("APPROVED");
        assertThat(paidHosted.getString("invoice.payment.provider_id")).isEqualTo("external:" + payment.getString("id"));
    }

    /** The one event of {@code type} about the document, its body read. */
    private static JsonPath only(String type, String documentId) {
        assertThat(events(type, documentId)).as(type + " events about " + documentId).isEqualTo(1);
        return JsonPath.from(Sql.text("SELECT body FROM outbox_events WHERE type = ? AND body::jsonb -> 'invoice' ->> 'id' = ?",
                type, documentId));
    }

    private static long events(String type, String documentId) {
        return Sql.count("SELECT count(*) FROM outbox_events WHERE type = ? AND body::jsonb -> 'invoice' ->> 'id' = ?",
                type, documentId);
    }
}
