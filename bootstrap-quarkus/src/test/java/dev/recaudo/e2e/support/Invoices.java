package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Public invoice API calls as a partner makes them. */
public final class Invoices {

    public static final java.util.List<String> READ_WRITE = java.util.List.of("public_invoices:read", "public_invoices:write");

    private Invoices() {}

    /** A valid create body for the partner {@code erp}; tests change what they exercise. */
    public static Map<String, Object> body() {
        Map<String, Object> body = new HashMap<>();
        body.put("reference", "V-12.345.678");
        body.put("provider", "erp");
        body.put("amount", 20);
        body.put("name", "Factura 0001");
        return body;
    }

    public static Response post(Tenants.Key key, Object body) {
        return post(key, body, UUID.randomUUID().toString());
    }

    public static Response post(Tenants.Key key, Object body, String idempotencyKey) {
        return given().auth().oauth2(key.secret()).header("x-idempotency", idempotencyKey)
                .contentType(ContentType.JSON).body(body).post("/v1/invoices");
    }

    public static JsonPath create(Tenants.Key key, Map<String, Object> body) {
        return post(key, body).then().statusCode(201).extract().jsonPath();
    }

    public static JsonPath create(Tenants.Key key) {
        return create(key, body());
    }

    public static Response get(Tenants.Key key, String invoiceId) {
        return given().auth().oauth2(key.secret()).get("/v1/invoices/{id}", invoiceId);
    }

    public static Response put(Tenants.Key key, String invoiceId, Object body) {
        return given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(body).put("/v1/invoices/{id}", invoiceId);
    }

    /** A replacement body equal to the creation body of {@link #body()} with the given amount. */
    public static Map<String, Object> replacement(Object amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("reference", "V-12.345.678");
        body.put("amount", amount);
        body.put("name", "Factura 0001");
        return body;
    }

    public static Response delete(Tenants.Key key, String invoiceId) {
        return given().auth().oauth2(key.secret()).delete("/v1/invoices/{id}", invoiceId);
    }

    public static Response delete(Tenants.Key key, String invoiceId, Map<String, Object> body) {
        return given().auth().oauth2(key.secret()).contentType(ContentType.JSON).body(body)
                .delete("/v1/invoices/{id}", invoiceId);
    }

    public static Response settle(Tenants.Key key, String invoiceId, String providerPaymentId) {
        return delete(key, invoiceId, Map.of("reason", "PAID_FROM_PROVIDER", "provider_payment_id", providerPaymentId));
    }

    /** Pays the invoice's current checkout through the sandbox control (test keys only). */
    public static Response completeCheckout(Tenants.Key key, String checkoutId) {
        return given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/complete", checkoutId);
    }

    /** The ledger balance of the document's receivable, read directly from the entries. */
    public static long receivableMinor(String invoiceId) {
        return Sql.count("SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a"
                + " ON a.id = e.account_id WHERE a.code = ?", "receivable:" + invoiceId);
    }

    public static long balanceMinor(String invoiceId) {
        return Sql.count("SELECT balance_minor FROM collection_documents WHERE id = ?::uuid", invoiceId);
    }

    public static Tenants.Key testKey(Tenants.Company company) {
        return company.createKey(Map.of("name", "erp test", "permissions", READ_WRITE, "source", "erp", "environment", "test"));
    }

    public static Tenants.Key liveKey(Tenants.Company company) {
        return company.key("erp live", READ_WRITE, "erp");
    }
}
