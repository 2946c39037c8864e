package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.lessThan;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Fields a caller must not set, sent where they do not belong. Each family answers as
 * docs/decisions.md and the reference pages say: bodies whose unknown properties are refused answer
 * the family's validation error and write nothing; bodies whose unknown properties are ignored are
 * processed as if the fields were absent. Either way, nothing of them is kept: read back over HTTP
 * and in the rows.
 */
public abstract class MassAssignmentChecks {

    private static final String FOREIGN_ID = "00000000-0000-4000-8000-00000000dead";
    private static final String LONG_AGO = "2001-01-01T00:00:00Z";

    /** Server-owned fields of an invoice, in both spellings a client might try. */
    private static Map<String, Object> invoiceIntrusions(UUID otherCompany) {
        Map<String, Object> fields = new HashMap<>();
        fields.put("id", FOREIGN_ID);
        fields.put("status", "PAID");
        fields.put("payment_id", FOREIGN_ID);
        fields.put("paymentId", FOREIGN_ID);
        fields.put("is_test", true);
        fields.put("isTest", true);
        fields.put("company_id", otherCompany.toString());
        fields.put("balance", 0);
        fields.put("applied", 20);
        fields.put("paid_at", LONG_AGO);
        fields.put("created_at", LONG_AGO);
        return fields;
    }

    @Test
    public void givenServerOwnedFields_whenCreatingAnInvoice_thenIgnoredAsDocumentedAndNeverStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        Map<String, Object> body = Invoices.body();
        body.putAll(invoiceIntrusions(other.id()));

        JsonPath created = Invoices.create(key, body);

        String id = created.getString("id");
        JsonPath read = Invoices.get(key, id).then().statusCode(200).extract().jsonPath();
        for (JsonPath invoice : List.of(created, read)) {
            assertThat(invoice.getString("id")).isNotEqualTo(FOREIGN_ID);
            assertThat(invoice.getString("status")).isEqualTo("CREATED");
            assertThat(invoice.getBoolean("is_test")).isFalse();
            assertThat(invoice.getString("payment_id")).isNotEqualTo(FOREIGN_ID);
            assertThat(invoice.getString("created_at")).doesNotStartWith("2001");
            assertThat(invoice.getString("payment.paid_at")).isNull();
        }
        assertThat(Sql.text("SELECT company_id || ' ' || is_test || ' ' || status || ' ' || applied_minor || ' '"
                + " || balance_minor || ' ' || (created_at > now() - interval '1 hour')"
                + " FROM collection_documents WHERE id = ?::uuid", id))
                .isEqualTo(company.id() + " false CREATED 0 2000 true");
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE document_id = ?::uuid AND paid_at IS NOT NULL", id)).isZero();
        assertNowhere();
    }

    @Test
    public void givenServerOwnedFields_whenReplacingOrDeletingAnInvoice_then422NamingEachAndNothingChanges() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        String id = Invoices.create(key).getString("id");
        String before = Invoices.get(key, id).asString();

        for (Map.Entry<String, Object> field : invoiceIntrusions(UUID.randomUUID()).entrySet()) {
            Map<String, Object> replacement = Invoices.replacement(20);
            replacement.put(field.getKey(), field.getValue());
            Response refused = Invoices.put(key, id, replacement);
            Envelopes.assertPublic(refused, 422, 10001);
            assertThat(refused.jsonPath().getMap("errors")).containsKey(field.getKey());

            Map<String, Object> deletion = new HashMap<>(Map.of("reason", "DELETE_FROM_PROVIDER"));
            deletion.put(field.getKey(), field.getValue());
            Envelopes.assertPublic(Invoices.delete(key, id, deletion), 422, 10001);
        }
        assertThat(Invoices.get(key, id).asString()).isEqualTo(before);
    }

    @Test
    public void givenServerOwnedFields_whenUpsertingACustomerOrADocument_then400NamingTheFieldAndNothingStored() {
        Partner partner = Partner.create();
        Map<String, String> customerFields = Map.of("customerId", "\"" + FOREIGN_ID + "\"",
                "companyCustomerId", "\"" + FOREIGN_ID + "\"", "status", "\"blocked\"", "isTest", "true",
                "companyId", "\"" + FOREIGN_ID + "\"", "createdAt", "\"" + LONG_AGO + "\"");
        for (Map.Entry<String, String> field : customerFields.entrySet()) {
            String body = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-1\",\"type\":\"business\",\"name\":\"Ana\",\""
                    + field.getKey() + "\":" + field.getValue() + "}";
            assertRefused(partner.post("/customers/upsert", body), field.getKey());
        }
        Map<String, String> documentFields = Map.of("invoiceId", "\"" + FOREIGN_ID + "\"", "balanceMinor", "0",
                "status", "\"paid\"", "appliedPayments", "[{\"amountMinor\":1000}]", "isTest", "true",
                "companyCustomerId", "\"" + FOREIGN_ID + "\"", "createdAt", "\"" + LONG_AGO + "\"");
        for (Map.Entry<String, String> field : documentFields.entrySet()) {
            String body = Partner.document("A", "C-1", "USD", 1000);
            body = body.substring(0, body.length() - 1) + ",\"" + field.getKey() + "\":" + field.getValue() + "}";
            assertRefused(partner.post("/collection-documents/upsert", body), field.getKey());
        }
        UUID company = partner.key.company().id();
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", company)).isZero();
        assertThat(Sql.count("SELECT count(*) FROM customer_links WHERE company_id = ?", company)).isZero();
        assertNowhere();
    }

    @Test
    public void givenServerOwnedFields_whenReportingAVerifiedPayment_thenIgnoredAsDocumentedAndNeverStored() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String body = Partner.payment("P-1", "C-1", 400, "USD", "A", 400);
        body = body.substring(0, body.length() - 1) + ",\"paymentId\":\"" + FOREIGN_ID + "\",\"status\":\"applied\","
                + "\"isTest\":true,\"totalAppliedMinor\":1000,\"creditCreatedMinor\":5000,\"applicationCurrency\":\"VES\","
                + "\"companyId\":\"" + UUID.randomUUID() + "\",\"paidAt\":\"" + LONG_AGO + "\"}";

        JsonPath answer = partner.post("/verified-payments", body).then().statusCode(200).extract().jsonPath();

        assertThat(answer.getString("paymentId")).isNotEqualTo(FOREIGN_ID);
        assertThat(answer.getLong("totalAppliedMinor")).isEqualTo(400);
        assertThat(answer.getLong("creditCreatedMinor")).isZero();
        assertThat(answer.getString("applicationCurrency")).isEqualTo("USD");
        JsonPath read = partner.get("/payments/P-1").then().statusCode(200).extract().jsonPath();
        assertThat(read.getString("paidAt")).doesNotStartWith("2001");
        assertThat(Sql.text("SELECT is_test || ' ' || applied_minor || ' ' || credit_minor || ' ' || application_currency"
                + " FROM payments WHERE company_id = ? AND external_payment_id = 'P-1'", partner.key.company().id()))
                .isEqualTo("false 400 0 USD");
        assertThat(Invoices.balanceMinor(partner.get("/collection-documents/A").jsonPath().getString("invoiceId")))
                .isEqualTo(600);
        assertNowhere();
    }

    @Test
    public void givenServerOwnedFieldsOrEveryPermission_whenCreatingAKeyOrAnEndpoint_then422AndNothingCreated() {
        Tenants.Company company = Tenants.company();
        Map<String, Object> keyFields = Map.of("permissions", List.of("*"), "id", FOREIGN_ID, "key", "rk_live_mine",
                "keyPrefix", "rk_live_mine", "companyId", FOREIGN_ID, "createdAt", LONG_AGO, "revokedAt", LONG_AGO);
        assertEachRefused(company, "/companies/{c}/api-keys", Map.of("name", "intruder"), keyFields);
        Map<String, Object> endpointFields = Map.of("secret", "whsec_bWluZQ==", "id", FOREIGN_ID, "companyId", FOREIGN_ID,
                "createdAt", LONG_AGO, "deletedAt", LONG_AGO);
        assertEachRefused(company, "/companies/{c}/webhook-endpoints", Map.of("url", "http://127.0.0.1:9/hook"), endpointFields);
        assertThat(Sql.count("SELECT count(*) FROM api_keys WHERE company_id = ?", company.id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE company_id = ?", company.id())).isZero();
        assertNowhere();
    }

    @Test
    public void givenServerOwnedFields_whenCreatingAnExternalPayment_thenIgnoredAsDocumentedAndNeverStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "pos", "source", "pos", "environment", "test"));
        Map<String, Object> body = new HashMap<>(Map.of("amountMinor", 500, "currency", "USD"));
        body.putAll(Map.of("id", FOREIGN_ID, "status", "completed", "mode", "direct", "paymentId", FOREIGN_ID,
                "companyId", other.id().toString(), "isTest", false, "createdAt", LONG_AGO, "provider", "intruder",
                "webhookAttempts", List.of(Map.of("statusCode", 200))));

        JsonPath created = ExternalPayments.hosted(key, body);

        String id = created.getString("id");
        JsonPath read = ExternalPayments.get(key, id).then().statusCode(200).extract().jsonPath();
        for (JsonPath payment : List.of(created, read)) {
            assertThat(id).isNotEqualTo(FOREIGN_ID);
            assertThat(payment.getString("status")).isEqualTo("pending");
            assertThat(payment.getString("mode")).isEqualTo("hosted");
            assertThat(payment.getString("createdAt")).doesNotStartWith("2001");
        }
        assertThat(read.getList("webhookAttempts")).isEmpty();
        assertThat(Sql.text("SELECT company_id || ' ' || is_test || ' ' || status || ' ' || mode || ' '"
                + " || (payment_id IS NULL) || ' ' || partner FROM external_payments WHERE id = ?::uuid", id))
                .isEqualTo(company.id() + " true pending hosted true source:pos");
        assertNowhere();
    }

    @Test
    public void givenServerOwnedFields_whenUsingTheCheckoutHelper_thenIgnoredAsDocumentedAndNeverStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        String token = given().header("X-API-Key", key.secret()).post("/checkout/token").then().statusCode(200)
                .extract().path("accessToken");
        Map<String, Object> product = new HashMap<>(Map.of("sku", "PLAN", "name", "Plan", "amountMinor", 100,
                "currency", "USD"));
        product.putAll(Map.of("id", FOREIGN_ID, "status", "inactive", "isNew", false, "createdAt", LONG_AGO,
                "isTest", true));
        JsonPath stored = given().auth().oauth2(token).contentType(ContentType.JSON).body(product)
                .post("/checkout/product").then().statusCode(lessThan(300)).extract().jsonPath();
        assertThat(stored.getString("id")).isNotEqualTo(FOREIGN_ID);
        assertThat(stored.getString("status")).isEqualTo("active");
        assertThat(stored.getBoolean("isNew")).isTrue();
        assertThat(stored.getString("createdAt")).doesNotStartWith("2001");

        Map<String, Object> customer = new HashMap<>(Map.of("companyId", company.id().toString(), "email", "ana@example.test",
                "name", "Ana"));
        customer.putAll(Map.of("customerId", FOREIGN_ID, "companyCustomerId", FOREIGN_ID, "isNew", false));
        JsonPath resolved = given().auth().oauth2(token).contentType(ContentType.JSON).body(customer)
                .post("/checkout/resolve-customer").then().statusCode(lessThan(300)).extract().jsonPath();
        assertThat(resolved.getString("customerId")).isNotEqualTo(FOREIGN_ID);
        assertThat(resolved.getString("companyCustomerId")).isNotEqualTo(FOREIGN_ID);
        assertThat(resolved.getBoolean("isNew")).isTrue();
        assertThat(Sql.text("SELECT status || ' ' || is_test FROM products WHERE company_id = ?", company.id()))
                .isEqualTo("active false");
        assertNowhere();
    }

    /** Each field added alone to a valid administration body: 422 naming it. */
    private static void assertEachRefused(Tenants.Company company, String path, Map<String, Object> valid,
            Map<String, Object> fields) {
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            Map<String, Object> body = new HashMap<>(valid);
            body.put(field.getKey(), field.getValue());
            Response refused = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(body)
                    .post(path, company.id());
            Envelopes.assertPublic(refused, 422, 10001);
            assertThat(refused.jsonPath().getMap("errors")).containsKey(field.getKey());
        }
    }

    private static void assertRefused(Response response, String field) {
        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message")).contains(field);
    }

    /** No row carries the id a caller tried to impose, in any table that has an id. */
    private static void assertNowhere() {
        for (String table : List.of("collection_documents", "payments", "checkouts", "customers", "external_payments",
                "api_keys", "webhook_endpoints", "products", "checkout_customers")) {
            assertThat(Sql.count("SELECT count(*) FROM " + table + " WHERE id = ?::uuid", FOREIGN_ID))
                    .as(table + " holds the imposed id").isZero();
        }
    }
}
