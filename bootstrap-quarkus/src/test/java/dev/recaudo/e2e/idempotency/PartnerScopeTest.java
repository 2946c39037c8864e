package dev.recaudo.e2e.idempotency;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An idempotency key belongs to the partner whose API key sends it: two partners of one company
 * (keys with sources {@code acme-erp} and {@code beta-erp}) using the same key value never replay,
 * block or see each other's answers.
 */
@QuarkusTest
class PartnerScopeTest {

    private static final String SECOND_SOURCE = "beta-erp";

    /** Two partners of one company, each key allowed every integrations and public invoice write. */
    private record Partners(Partner first, Partner second) {

        static Partners ofOneCompany() {
            Tenants.Company company = Tenants.company();
            List<String> permissions = new ArrayList<>(Partner.ALL);
            permissions.addAll(Invoices.READ_WRITE);
            return new Partners(new Partner(company.key("first", permissions, "acme-erp")),
                    new Partner(company.key("second", permissions, SECOND_SOURCE)));
        }
    }

    /** A body of the test support's helpers, sent for the second partner instead of {@code acme-erp}. */
    private static String ofSecond(String body) {
        return body.replace("\"source\":\"acme-erp\"", "\"source\":\"" + SECOND_SOURCE + "\"");
    }

    private static String documentOfSecond(Partner second, String externalDocumentId, String customerId, String currency,
            long amountMinor) {
        return second.post("/collection-documents/upsert",
                        ofSecond(Partner.document(externalDocumentId, customerId, currency, amountMinor)))
                .then().statusCode(201).extract().path("invoiceId");
    }

    @Test
    void givenFirstPartnerCanceledWithAKey_whenSecondCancelsItsOwnDocumentWithThatKey_thenItsOwnDocumentIsCanceled() {
        Partners partners = Partners.ofOneCompany();
        partners.first().createDocument("DC-1", "C-1", "USD", 1000);
        String secondsDocument = documentOfSecond(partners.second(), "DC-1", "C-2", "USD", 700);
        String key = UUID.randomUUID().toString();

        partners.first().post("/collection-documents/DC-1/cancel", "", key).then().statusCode(200)
                .body("source", equalTo("acme-erp"));
        partners.second().post("/collection-documents/DC-1/cancel", "", key).then().statusCode(200)
                .body("invoiceId", equalTo(secondsDocument))
                .body("source", equalTo(SECOND_SOURCE))
                .body("customer.name", equalTo("Cliente C-2"))
                .body("status", equalTo("canceled"));
        partners.second().get("/collection-documents/DC-1").then().statusCode(200).body("status", equalTo("canceled"));
    }

    @Test
    void givenFirstPartnerCanceledWithAKey_whenSecondWithoutThatDocumentUsesTheKey_then404NotTheFirstsDocument() {
        Partners partners = Partners.ofOneCompany();
        partners.first().createDocument("DC-1", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();
        partners.first().post("/collection-documents/DC-1/cancel", "", key).then().statusCode(200);

        partners.second().post("/collection-documents/DC-1/cancel", "", key).then().statusCode(404)
                .body("error.code", equalTo("not_found"));
    }

    @Test
    void givenOneKey_whenCancelingTwoDocuments_thenTheSecondIsAKeyConflictNotAReplay() {
        Partner partner = Partner.create();
        partner.createDocument("DC-1", "C-1", "USD", 1000);
        partner.createDocument("DC-2", "C-1", "USD", 500);
        String key = UUID.randomUUID().toString();
        partner.post("/collection-documents/DC-1/cancel", "", key).then().statusCode(200);

        partner.post("/collection-documents/DC-2/cancel", "", key).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));
        partner.get("/collection-documents/DC-2").then().body("status", equalTo("open"));
    }

    @Test
    void givenFirstPartnerCertifiedARateWithAKey_whenSecondCertifiesItsOwnPaymentWithThatKey_thenItsOwnPaymentIsApplied() {
        Partners partners = Partners.ofOneCompany();
        partners.first().createDocument("A", "C-1", "VES", 365000);
        partners.first().pay("P-1", "C-1", 10000, "USD", "A", 365000).then().body("status", equalTo("needs_certified_rate"));
        documentOfSecond(partners.second(), "A", "C-1", "VES", 365000);
        String secondsPayment = partners.second().post("/verified-payments",
                        ofSecond(Partner.payment("P-1", "C-1", 10000, "USD", "A", 365000)))
                .then().statusCode(200).body("status", equalTo("needs_certified_rate")).extract().path("paymentId");
        String rate = "{\"refCurrency\":\"VES\",\"refAmountMinor\":365000,\"exchangeRateUsed\":\"36.5\","
                + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"A\",\"amountMinor\":365000}]}";
        String key = UUID.randomUUID().toString();

        String firstsPayment = partners.first().post("/payments/P-1/certified-rate", rate, key).then().statusCode(200)
                .body("status", equalTo("applied")).extract().path("paymentId");
        partners.second().post("/payments/P-1/certified-rate", rate, key).then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("source", equalTo(SECOND_SOURCE))
                .body("paymentId", equalTo(secondsPayment));
        assertThat(secondsPayment).isNotEqualTo(firstsPayment);
        partners.second().get("/collection-documents/A").then().body("status", equalTo("paid"));
        // A partner without such a payment hears so, not the other partner's answer.
        Partner third = new Partner(partners.first().key.company().key("third", Partner.ALL, "gamma-erp"));
        third.post("/payments/P-1/certified-rate", rate, key).then().statusCode(404);
    }

    @Test
    void givenFirstPartnerCreatedAnInvoiceWithAKey_whenSecondCreatesWithThatKey_thenItsOwnInvoiceIsCreated() {
        Partners partners = Partners.ofOneCompany();
        String key = UUID.randomUUID().toString();
        Map<String, Object> firstBody = Invoices.body();
        firstBody.put("provider", "acme-erp");
        Map<String, Object> secondBody = Invoices.body();
        secondBody.put("provider", SECOND_SOURCE);
        secondBody.put("reference", "J-98.765.432");

        String first = Invoices.post(partners.first().key, firstBody, key).then().statusCode(201).extract().path("id");
        Response second = Invoices.post(partners.second().key, secondBody, key);
        second.then().statusCode(201).body("provider", equalTo(SECOND_SOURCE));
        assertThat(second.header("Idempotent-Replayed")).isNull();
        assertThat(second.<String>path("id")).isNotEqualTo(first);
    }

    @Test
    void givenFirstPartnerUpsertedADocumentWithAKey_whenSecondUpsertsItsOwnWithThatKey_thenItIsCreated() {
        Partners partners = Partners.ofOneCompany();
        String key = UUID.randomUUID().toString();
        partners.first().post("/collection-documents/upsert", Partner.document("DC-1", "C-1", "USD", 1000), key)
                .then().statusCode(201);

        partners.second().post("/collection-documents/upsert", ofSecond(Partner.document("DC-1", "C-1", "USD", 1000)), key)
                .then().statusCode(201)
                .body("source", equalTo(SECOND_SOURCE));
    }

    @Test
    void givenFirstPartnerUpsertedACustomerWithAKey_whenSecondUpsertsItsOwnWithThatKey_thenItIsCreated() {
        Partners partners = Partners.ofOneCompany();
        String key = UUID.randomUUID().toString();
        String customer = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-1\",\"type\":\"business\",\"name\":\"Cliente\"}";
        partners.first().post("/customers/upsert", customer, key).then().statusCode(201);

        partners.second().post("/customers/upsert", ofSecond(customer), key).then().statusCode(201)
                .body("source", equalTo(SECOND_SOURCE))
                .body("status", equalTo("created"));
    }

    @Test
    void givenFirstPartnerPaidWithAKey_whenSecondPaysItsOwnDocumentWithThatKey_thenItIsApplied() {
        Partners partners = Partners.ofOneCompany();
        partners.first().createDocument("A", "C-1", "USD", 1000);
        String secondsDocument = documentOfSecond(partners.second(), "A", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();
        partners.first().post("/verified-payments", Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000), key)
                .then().statusCode(200).body("status", equalTo("applied"));

        partners.second().post("/verified-payments", ofSecond(Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000)), key)
                .then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("source", equalTo(SECOND_SOURCE))
                .body("documents[0].invoiceId", equalTo(secondsDocument));
    }

    @Test
    void givenKeyWithSource_whenRotated_thenTheReplacementReplaysTheOldKeysAnswer() {
        Partner partner = Partner.create();
        String key = UUID.randomUUID().toString();
        String body = Partner.document("DC-1", "C-1", "USD", 1000);
        String first = partner.post("/collection-documents/upsert", body, key).then().statusCode(201).extract().asString();

        Tenants.Company company = partner.key.company();
        JsonPath rotated = given().auth().oauth2(company.adminToken())
                .post("/companies/{id}/api-keys/{keyId}/rotate", company.id(), partner.key.id())
                .then().statusCode(201).extract().jsonPath();
        Partner replacement = new Partner(new Tenants.Key(UUID.fromString(rotated.getString("id")),
                rotated.getString("key"), company));

        Response replay = replacement.post("/collection-documents/upsert", body, key);
        replay.then().statusCode(201);
        assertThat(replay.asString()).isEqualTo(first);
        replacement.post("/collection-documents/upsert", Partner.document("DC-1", "C-1", "USD", 999), key)
                .then().statusCode(409).body("error.code", equalTo("idempotency_conflict"));
    }
}
