package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Text PostgreSQL cannot keep as sent (docs/decisions.md, "Text and dates in requests"): a NUL
 * character, which it refuses, or a lone surrogate, which it would turn into {@code ?}, anywhere in
 * a JSON body, bodies read as trees and bodies bound to records alike, is the family's validation
 * answer naming the field; nothing is written and nothing is logged as an error.
 */
@QuarkusTest
class StorableTextTest {

    /** A NUL and a lone surrogate as JSON escapes, the way a client sends them. */
    private static final String NUL = "\\u0000";
    private static final String LONE_SURROGATE = "\\ud800";

    private static void assertPublicRefusal(Response response, String field) {
        Envelopes.assertPublic(response, 422, 10001);
        assertThat(response.jsonPath().getMap("errors")).as(response.asString()).containsOnlyKeys(field);
    }

    /** The message names the field first, alone or after the summary of several field errors. */
    private static void assertIntegrationsRefusal(Response response, String field) {
        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message")).containsPattern(
                "^(The request is invalid: )?" + Pattern.quote(field) + " must not contain");
    }

    @Test
    void givenNulOrALoneSurrogateInAnInvoice_whenCreating_then422NamingTheFieldAndNothingWritten() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        try (LogCapture log = LogCapture.of("")) {
            assertPublicRefusal(Invoices.post(key, "{\"reference\":\"V-12.345.678\",\"provider\":\"erp\",\"amount\":20,"
                    + "\"name\":\"Inv a" + NUL + "b\"}"), "name");
            assertPublicRefusal(Invoices.post(key, "{\"reference\":\"SUR" + LONE_SURROGATE + "\",\"provider\":\"erp\","
                    + "\"amount\":20,\"name\":\"Factura\"}"), "reference");
            assertPublicRefusal(Invoices.post(key, "{\"reference\":\"V-12.345.678\",\"provider\":\"erp\",\"amount\":20,"
                    + "\"name\":\"Factura\",\"metadata\":{\"k" + NUL + "\":1}}"), "metadata");
            log.assertNoErrorLogged();
        }
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", key.company().id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM customers WHERE company_id = ?", key.company().id())).isZero();
    }

    @Test
    void givenNulOrALoneSurrogateInACustomerOrDocument_whenUpserting_then400NamingTheFieldAndNothingWritten() throws Exception {
        Partner partner = Partner.create();
        String document = Partner.document("D-1", "C-1", "USD", 1000);
        try (LogCapture log = LogCapture.of("")) {
            assertIntegrationsRefusal(partner.post("/customers/upsert", customer("C-1", "Cliente a" + NUL + "b", "J-1")), "name");
            assertIntegrationsRefusal(partner.post("/customers/upsert", customer("C" + NUL, "Cliente", "J-1")),
                    "externalCustomerId");
            // SUR plus a lone surrogate would be stored as SUR?, the same tax identity as another customer's SUR?.
            assertIntegrationsRefusal(partner.post("/customers/upsert", customer("C-1", "Cliente", "SUR" + LONE_SURROGATE)),
                    "taxId");
            assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("\"D-1\"", "\"D" + NUL + "\"")),
                    "externalDocumentId");
            // A path cannot carry a control character, so neither can an id that becomes a path segment.
            assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("\"D-1\"", "\"D\\n1\"")),
                    "externalDocumentId");
            assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("F-D-1", "F" + NUL)),
                    "invoiceNumber");
            assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("Servicio", "Serv" + NUL)),
                    "lines[0].description");
            log.assertNoErrorLogged();
        }
        partner.get("/collection-documents/D-1").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM customers WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenNulInAVerifiedPaymentOrACertifiedRate_whenSent_then400NotAFailedPaymentAndNothingWritten() throws Exception {
        Partner partner = Partner.create();
        partner.payAwaitingRate("P-RATE");
        try (LogCapture log = LogCapture.of("")) {
            assertIntegrationsRefusal(partner.post("/verified-payments", Partner.payment("P" + NUL + "1", "C-1", 1000, "USD",
                    "A", 1000)), "externalPaymentId");
            assertIntegrationsRefusal(partner.post("/verified-payments", Partner.payment("P\\t1", "C-1", 1000, "USD",
                    "A", 1000)), "externalPaymentId");
            assertIntegrationsRefusal(partner.post("/verified-payments", Partner.payment("P-1", "C-1", 1000, "USD",
                    "A" + NUL, 1000)), "documents[0].externalDocumentId");
            assertIntegrationsRefusal(partner.post("/payments/P-RATE/certified-rate", "{\"refCurrency\":\"USD\","
                    + "\"refAmountMinor\":1000,\"exchangeRateUsed\":\"0.0274\",\"effectiveDate\":\"2026-11-22\","
                    + "\"documents\":[{\"externalDocumentId\":\"A" + NUL + "\",\"amountMinor\":1000}]}"),
                    "documents[0].externalDocumentId");
            log.assertNoErrorLogged();
        }
        partner.get("/payments/P-RATE").then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", partner.key.company().id())).isEqualTo(1);
    }

    @Test
    void givenNulInAnAdministrationBody_whenSent_then422NamingTheFieldAndNothingWritten() throws Exception {
        Tenants.Company company = Tenants.company();
        long keys = Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id());
        long companies = Sql.count("SELECT count(*) FROM companies");
        String anotherAdmin = "{\"email\":\"admin-" + UUID.randomUUID() + "@example.test\",\"password\":\"correct horse battery\"}";
        try (LogCapture log = LogCapture.of("")) {
            assertPublicRefusal(admin(company).body("{\"name\":\"k" + NUL + "\"}").post("/companies/{id}/api-keys", company.id()),
                    "name");
            assertPublicRefusal(admin(company).body("{\"name\":\"k\",\"source\":\"erp" + LONE_SURROGATE + "\"}")
                    .post("/companies/{id}/api-keys", company.id()), "source");
            assertPublicRefusal(operator().body("{\"name\":\"Co" + NUL + "\",\"referenceCurrency\":\"USD\",\"admin\":"
                    + anotherAdmin + "}").post("/operator/companies"), "name");
            assertPublicRefusal(operator().body("{\"name\":\"Co\",\"referenceCurrency\":\"USD\",\"admin\":{\"email\":\"a"
                    + NUL + "@b.c\",\"password\":\"correct horse battery\"}}").post("/operator/companies"), "admin.email");
            assertPublicRefusal(operator().body("{\"phoneNumberId\":\"" + UUID.randomUUID().toString().substring(0, 12)
                    + "\",\"displayPhoneNumber\":\"+58 212" + NUL + "\"}")
                    .post("/operator/companies/{id}/whatsapp-origins", company.id()), "displayPhoneNumber");
            // Unauthenticated: the login's rate limiter was the first to hand the e-mail to the database.
            assertPublicRefusal(given().contentType(ContentType.JSON).body("{\"email\":\"a" + NUL + "@b.c\",\"password\":\"x\"}")
                    .post("/auth/token"), "email");
            log.assertNoErrorLogged();
        }
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isEqualTo(keys);
        assertThat(Sql.count("SELECT count(*) FROM companies")).isEqualTo(companies);
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_origins WHERE company_id = ?", company.id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM rate_limit_counters WHERE bucket LIKE 'login:%a%@b.c'")).isZero();
    }

    private static String customer(String externalCustomerId, String name, String taxId) {
        return "{\"source\":\"acme-erp\",\"externalCustomerId\":\"" + externalCustomerId + "\",\"type\":\"business\","
                + "\"name\":\"" + name + "\",\"taxId\":\"" + taxId + "\"}";
    }

    private static io.restassured.specification.RequestSpecification admin(Tenants.Company company) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON);
    }

    private static io.restassured.specification.RequestSpecification operator() {
        return given().auth().oauth2(Tenants.OPERATOR_TOKEN).contentType(ContentType.JSON);
    }
}
