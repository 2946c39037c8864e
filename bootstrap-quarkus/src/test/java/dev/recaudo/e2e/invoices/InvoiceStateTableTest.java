package dev.recaudo.e2e.invoices;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every row of the specification's "Invoice status values" table, one test each. */
@QuarkusTest
class InvoiceStateTableTest {

    private static long ledgerEntries(String invoiceId) {
        return Sql.count("SELECT count(*) FROM ledger_transfers WHERE document_id = ?::uuid", invoiceId);
    }

    private static long checkouts(String invoiceId) {
        return Sql.count("SELECT count(*) FROM checkouts WHERE document_id = ?::uuid", invoiceId);
    }

    /** A document in the given settled status, reached through the API's own transitions. */
    private static String settled(Tenants.Key testKey, String status) {
        JsonPath invoice = Invoices.create(testKey);
        String id = invoice.getString("id");
        switch (status) {
            case "PAID_FROM_PROVIDER" -> Invoices.settle(testKey, id, "ext-" + UUID.randomUUID()).then().statusCode(204);
            case "PAID" -> Invoices.completeCheckout(testKey, invoice.getString("payment.id")).then().statusCode(200);
            case "CONCILIATED" -> {
                Invoices.completeCheckout(testKey, invoice.getString("payment.id")).then().statusCode(200);
                given().header("X-API-Key", testKey.secret()).post("/sandbox/invoices/{id}/conciliate", id)
                        .then().statusCode(200).body("status", equalTo("CONCILIATED"));
            }
            default -> throw new IllegalArgumentException(status);
        }
        return id;
    }

    /** A CREATED document with part of its balance paid, through the ledger's payment application. */
    private static String partiallyPaid(Tenants.Key key) {
        String id = Invoices.create(key).getString("id");
        PartialPayments.apply(key, id, 500);
        return id;
    }

    @Test
    void row1_givenValidBody_whenPosting_thenCreatedWithCheckoutForFullBalance() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        assertThat(invoice.getString("status")).isEqualTo("CREATED");
        assertThat(invoice.getString("payment.status")).isEqualTo("PENDING");
        assertThat(invoice.getFloat("payment.amount")).isEqualTo(20f);
        assertThat(Invoices.receivableMinor(invoice.getString("id"))).isEqualTo(2000);
    }

    @Test
    void row2_givenCreatedWithoutPayments_whenPuttingSameAmount_thenInformationOnly() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        String id = invoice.getString("id");
        Map<String, Object> body = Invoices.replacement(20);
        body.put("reference", "v12345678");
        body.put("name", "Factura renombrada");
        body.put("description", "Nueva descripción");
        body.put("email", "nuevo@example.com");
        body.put("due_date", "2027-01-15");
        body.put("phone", "+584141234567");
        Invoices.put(key, id, body).then().statusCode(200)
                .header("X-RateLimit-Limit", notNullValue())
                .body("status", equalTo("CREATED"))
                .body("reference", equalTo("v12345678"))
                .body("name", equalTo("Factura renombrada"))
                .body("email", equalTo("nuevo@example.com"))
                .body("due_date", equalTo("2027-01-15"))
                .body("payment.id", equalTo(invoice.getString("payment.id")))
                .body("payment.title", equalTo("Factura renombrada"));
        assertThat(ledgerEntries(id)).isEqualTo(1);
        assertThat(checkouts(id)).isEqualTo(1);
    }

    @Test
    void row3_givenCreatedWithoutPayments_whenPuttingNewAmount_thenAdjustmentAndNewCheckout() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        JsonPath invoice = Invoices.create(key);
        String id = invoice.getString("id");
        String oldCheckout = invoice.getString("payment.id");
        JsonPath updated = Invoices.put(key, id, Invoices.replacement(35.75)).then().statusCode(200)
                .body("amount", equalTo(35.75f))
                .body("payment.amount", equalTo(35.75f))
                .body("payment.status", equalTo("PENDING"))
                .extract().jsonPath();
        assertThat(updated.getString("payment.id")).isNotEqualTo(oldCheckout);
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE id = ?::uuid AND status = 'canceled'", oldCheckout)).isEqualTo(1);
        assertThat(Invoices.receivableMinor(id)).isEqualTo(3575);
        assertThat(ledgerEntries(id)).isEqualTo(2);
        Invoices.put(key, id, Invoices.replacement(10)).then().statusCode(200);
        assertThat(Invoices.receivableMinor(id)).isEqualTo(1000);
        assertThat(Invoices.balanceMinor(id)).isEqualTo(1000);
    }

    @Test
    void row4_givenCreatedWithPaymentsApplied_whenPutting_then409PaymentAndNothingChanges() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        String id = partiallyPaid(key);
        long transfers = ledgerEntries(id);
        String before = Invoices.get(key, id).asString();
        Invoices.put(key, id, Invoices.replacement(20)).then().statusCode(409)
                .body("code", equalTo(10009))
                .body("errors", hasKey("payment"));
        Invoices.put(key, id, Invoices.replacement(50)).then().statusCode(409).body("errors", hasKey("payment"));
        assertThat(Invoices.get(key, id).asString()).isEqualTo(before);
        assertThat(ledgerEntries(id)).isEqualTo(transfers);
        assertThat(checkouts(id)).isEqualTo(1);
    }

    @Test
    void row5_givenSettledStatuses_whenPuttingSameAmount_thenOnlyInformationalFieldsChange() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        for (String status : new String[] {"PAID", "CONCILIATED", "PAID_FROM_PROVIDER"}) {
            String id = settled(key, status);
            long transfers = ledgerEntries(id);
            Map<String, Object> body = Invoices.replacement(20.00);
            body.put("name", "Renamed " + status);
            Invoices.put(key, id, body).then().statusCode(200)
                    .body("status", equalTo(status))
                    .body("name", equalTo("Renamed " + status))
                    .body("payment.status", equalTo("APPROVED"));
            assertThat(ledgerEntries(id)).isEqualTo(transfers);
        }
    }

    @Test
    void row6_givenSettledStatuses_whenPuttingOtherAmount_then409Amount() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        for (String status : new String[] {"PAID", "CONCILIATED", "PAID_FROM_PROVIDER"}) {
            String id = settled(key, status);
            Invoices.put(key, id, Invoices.replacement(21)).then().statusCode(409)
                    .body("code", equalTo(10009))
                    .body("errors", hasKey("amount"));
            Invoices.get(key, id).then().body("amount", equalTo(20.0f)).body("status", equalTo(status));
        }
    }

    @Test
    void row7_givenDeletedOrFailed_whenPutting_then409Status() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        String deleted = Invoices.create(key).getString("id");
        Invoices.delete(key, deleted).then().statusCode(204);
        JsonPath failing = Invoices.create(key);
        given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/fail", failing.getString("payment.id"))
                .then().statusCode(200).body("status", equalTo("FAILED")).body("payment.status", equalTo("REJECTED"));
        for (String id : new String[] {deleted, failing.getString("id")}) {
            Invoices.put(key, id, Invoices.replacement(20)).then().statusCode(409)
                    .body("code", equalTo(10009))
                    .body("errors", hasKey("status"));
        }
    }

    @Test
    void row8_givenNoMoneyApplied_whenDeletingWithoutReasonOrWithDeleteFromProvider_thenAnnulled() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        for (Map<String, Object> body : new java.util.ArrayList<Map<String, Object>>(java.util.Arrays.asList(
                null, Map.of("reason", "DELETE_FROM_PROVIDER")))) {
            String id = Invoices.create(key).getString("id");
            (body == null ? Invoices.delete(key, id) : Invoices.delete(key, id, body)).then().statusCode(204);
            Invoices.get(key, id).then().statusCode(200)
                    .body("status", equalTo("DELETE_FROM_PROVIDER"))
                    .body("payment.status", equalTo("canceled"));
            assertThat(Invoices.receivableMinor(id)).isZero();
            assertThat(Invoices.balanceMinor(id)).isZero();
            assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.canceled' AND body LIKE ?",
                    "%" + id + "%")).isEqualTo(1);
            // Repeating the deletion changes nothing and announces nothing again.
            Invoices.delete(key, id).then().statusCode(204);
            assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.canceled' AND body LIKE ?",
                    "%" + id + "%")).isEqualTo(1);
        }
    }

    @Test
    void row8_givenFailedInvoice_whenAnnulled_thenTheEventAndTheInvoiceShowTheCheckoutCanceled() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        JsonPath failing = Invoices.create(key);
        String id = failing.getString("id");
        given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/fail", failing.getString("payment.id"))
                .then().statusCode(200).body("status", equalTo("FAILED")).body("payment.status", equalTo("REJECTED"));

        Invoices.delete(key, id).then().statusCode(204);

        // The spec's event table: invoice.canceled carries payment.status canceled, whatever the
        // checkout was before; the invoice read afterwards says the same as its event.
        JsonPath event = JsonPath.from(Sql.text(
                "SELECT body FROM outbox_events WHERE type = 'invoice.canceled' AND body LIKE ?", "%" + id + "%"));
        assertThat(event.getString("invoice.status")).isEqualTo("DELETE_FROM_PROVIDER");
        assertThat(event.getString("invoice.payment.status")).isEqualTo("canceled");
        assertThat(event.getString("invoice.payment.id")).isEqualTo(failing.getString("payment.id"));
        Invoices.get(key, id).then().statusCode(200)
                .body("status", equalTo("DELETE_FROM_PROVIDER"))
                .body("payment.status", equalTo("canceled"));
        assertThat(Invoices.receivableMinor(id)).isZero();
    }

    @Test
    void row9_givenOpenInvoice_whenDeletingPaidFromProvider_thenExactlyOpenBalanceAppliedAndOneInvoicePaid() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        Invoices.settle(key, id, "bank-transfer-77").then().statusCode(204);
        Invoices.get(key, id).then().statusCode(200)
                .body("status", equalTo("PAID_FROM_PROVIDER"))
                .body("payment.status", equalTo("APPROVED"))
                .body("payment.provider_id", equalTo("bank-transfer-77"))
                .body("payment.paid_at", notNullValue())
                .body("payment_id", notNullValue());
        assertThat(Invoices.receivableMinor(id)).isZero();
        assertThat(Sql.count("SELECT sum(amount_minor) FROM payment_applications WHERE document_id = ?::uuid", id)).isEqualTo(2000);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?", "%" + id + "%"))
                .isEqualTo(1);
        Invoices.settle(key, id, "bank-transfer-77").then().statusCode(204);
        Invoices.settle(key, id, "another-transfer").then().statusCode(409).body("errors", hasKey("provider_payment_id"));
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE type = 'invoice.paid' AND body LIKE ?", "%" + id + "%"))
                .isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payment_applications WHERE document_id = ?::uuid", id)).isEqualTo(1);
    }

    @Test
    void row10_givenPendingAndSettledDocuments_whenDeletingAll_thenJobAnnulsOnlyPendingOnes() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.testKey(company);
        String pendingA = Invoices.create(key).getString("id");
        String pendingB = Invoices.create(key).getString("id");
        String paid = settled(key, "PAID");
        String conciliated = settled(key, "CONCILIATED");
        String partial = partiallyPaid(key);
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(Map.of("reason", "DELETE_FROM_PROVIDER"))
                .delete("/v1/invoices")
                .then().statusCode(202);
        long deadline = System.currentTimeMillis() + 15_000;
        while (Sql.count("SELECT count(*) FROM jobs WHERE company_id = ? AND status = 'DONE'", company.id()) == 0) {
            assertThat(System.currentTimeMillis()).isLessThan(deadline);
            Thread.sleep(100);
        }
        Invoices.get(key, pendingA).then().body("status", equalTo("DELETE_FROM_PROVIDER"));
        Invoices.get(key, pendingB).then().body("status", equalTo("DELETE_FROM_PROVIDER")).body("payment.status", equalTo("canceled"));
        Invoices.get(key, paid).then().body("status", equalTo("PAID"));
        Invoices.get(key, conciliated).then().body("status", equalTo("CONCILIATED"));
        Invoices.get(key, partial).then().body("status", equalTo("CREATED"));
        assertThat(Sql.count("SELECT documents_processed FROM jobs WHERE company_id = ?", company.id())).isEqualTo(2);
    }

    @Test
    void row11_givenMoneyAppliedOrIncompatibleState_whenDeleting_then409AndUnchanged() {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        String partial = partiallyPaid(key);
        String paid = settled(key, "PAID");
        String providerPaid = settled(key, "PAID_FROM_PROVIDER");
        String annulled = Invoices.create(key).getString("id");
        Invoices.delete(key, annulled).then().statusCode(204);

        for (String id : new String[] {partial, paid, providerPaid}) {
            String before = Invoices.get(key, id).asString();
            long transfers = ledgerEntries(id);
            Invoices.delete(key, id).then().statusCode(409).body("code", equalTo(10009)).body("errors", hasKey("payment"));
            assertThat(Invoices.get(key, id).asString()).isEqualTo(before);
            assertThat(ledgerEntries(id)).isEqualTo(transfers);
        }
        Invoices.settle(key, partial, "ext-1").then().statusCode(409).body("errors", hasKey("payment"));
        Invoices.settle(key, paid, "ext-2").then().statusCode(409).body("errors", hasKey("status"));
        Invoices.settle(key, annulled, "ext-3").then().statusCode(409).body("errors", hasKey("status"));
        Invoices.get(key, annulled).then().body("status", equalTo("DELETE_FROM_PROVIDER"));
    }

    @Test
    void givenBadDeleteBodies_whenDeleting_then422() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        Invoices.delete(key, id, Map.of("reason", "BECAUSE")).then().statusCode(422).body("errors", hasKey("reason"));
        Invoices.delete(key, id, Map.of("reason", "PAID_FROM_PROVIDER")).then().statusCode(422)
                .body("errors", hasKey("provider_payment_id"));
        Invoices.delete(key, id, Map.of("reason", "DELETE_FROM_PROVIDER", "extra", 1)).then().statusCode(422)
                .body("errors", hasKey("extra"));
        given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body("{oops").delete("/v1/invoices/{id}", id)
                .then().statusCode(422);
        Invoices.get(key, id).then().body("status", equalTo("CREATED"));
    }

    @Test
    void givenPutRules_whenReplacing_thenEachFieldRuleEnforced() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        JsonPath invoice = Invoices.create(key, withProviderId("FAC-1"));
        String id = invoice.getString("id");
        Map<String, Object> withProvider = Invoices.replacement(20);
        withProvider.put("provider", "erp");
        Invoices.put(key, id, withProvider).then().statusCode(409).body("code", equalTo(10009))
                .body("errors", hasKey("provider"));
        Map<String, Object> unknown = Invoices.replacement(20);
        unknown.put("metadata", Map.of("x", 1));
        Invoices.put(key, id, unknown).then().statusCode(422).body("errors", hasKey("metadata"));
        Map<String, Object> shortReference = Invoices.replacement(20);
        shortReference.put("reference", "V-12");
        Invoices.put(key, id, shortReference).then().statusCode(422).body("errors", hasKey("reference"));
        Map<String, Object> otherIdentity = Invoices.replacement(20);
        otherIdentity.put("reference", "V-99.999.999");
        Invoices.put(key, id, otherIdentity).then().statusCode(422).body("errors", hasKey("reference"));
        Map<String, Object> otherProviderId = Invoices.replacement(20);
        otherProviderId.put("provider_id", "FAC-2");
        Invoices.put(key, id, otherProviderId).then().statusCode(409).body("errors", hasKey("provider_id"));
        Map<String, Object> sameProviderId = Invoices.replacement(20);
        sameProviderId.put("provider_id", "FAC-1");
        Invoices.put(key, id, sameProviderId).then().statusCode(200);
        Map<String, Object> missingName = Invoices.replacement(20);
        missingName.remove("name");
        Invoices.put(key, id, missingName).then().statusCode(422).body("errors", hasKey("name"));
        Invoices.put(key, id, Invoices.replacement(0.001)).then().statusCode(422).body("errors", hasKey("amount"));
        Map<String, Object> blankEmail = Invoices.replacement(20);
        Invoices.put(key, id, withEmail(blankEmail, "keep@example.com")).then().statusCode(200);
        Invoices.put(key, id, withEmail(Invoices.replacement(20), "   ")).then().statusCode(200)
                .body("email", equalTo("keep@example.com"));
        Invoices.get(key, id).then().body("status", equalTo("CREATED")).body("provider_id", equalTo("FAC-1"))
                .body("payment.status", not(equalTo("canceled")));
    }

    @Test
    void givenStaleIfMatch_whenPutting_then409Version() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        String etag = Invoices.get(key, id).header("ETag");
        given().auth().oauth2(key.secret()).header("If-Match", etag).contentType(ContentType.JSON)
                .body(Invoices.replacement(30)).put("/v1/invoices/{id}", id).then().statusCode(200);
        given().auth().oauth2(key.secret()).header("If-Match", etag).contentType(ContentType.JSON)
                .body(Invoices.replacement(40)).put("/v1/invoices/{id}", id)
                .then().statusCode(409).body("code", equalTo(10009)).body("errors", hasKey("version"));
        Invoices.get(key, id).then().body("amount", equalTo(30.0f));
    }

    private static Map<String, Object> withProviderId(String providerId) {
        Map<String, Object> body = Invoices.body();
        body.put("provider_id", providerId);
        return body;
    }

    private static Map<String, Object> withEmail(Map<String, Object> body, String email) {
        body.put("email", email);
        return body;
    }
}
