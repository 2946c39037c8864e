package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;

/** Calls of the external payments API and its sandbox control, as a partner's backend makes them. */
public final class ExternalPayments {

    private ExternalPayments() {}

    /** POST {@code path} with a fresh UUID v4 Idempotency-Key. */
    public static Response post(Tenants.Key key, String path, Map<String, ?> body) {
        return post(key, path, UUID.randomUUID().toString(), body);
    }

    public static Response post(Tenants.Key key, String path, String idempotencyKey, Map<String, ?> body) {
        return given().header("X-API-Key", key.secret()).header("Idempotency-Key", idempotencyKey)
                .contentType(ContentType.JSON).body(body).post(path);
    }

    /** A hosted payment, created (201). */
    public static JsonPath hosted(Tenants.Key key, Map<String, ?> body) {
        return post(key, "/external/payments", body).then().statusCode(201).extract().jsonPath();
    }

    /** A direct payment, created (201) and processed by the sandbox processor. */
    public static JsonPath direct(Tenants.Key key, Map<String, ?> body) {
        return post(key, "/external/payments/direct", body).then().statusCode(201).extract().jsonPath();
    }

    /** The checkout id at the end of a hosted payment's {@code checkoutUrl}. */
    public static UUID checkoutId(JsonPath payment) {
        String url = payment.getString("checkoutUrl");
        return UUID.fromString(url.substring(url.lastIndexOf('/') + 1));
    }

    /** Pays the hosted payment through the sandbox control, as the hosted page would. */
    public static Response completeInSandbox(Tenants.Key key, UUID checkoutId) {
        return given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/complete", checkoutId);
    }

    public static Response get(Tenants.Key key, Object id) {
        return given().header("X-API-Key", key.secret()).get("/external/payments/{id}", id);
    }
}
