package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;

/** Sends correctly signed integrations requests, the way a partner's client would. */
public final class Integrations {

    private Integrations() {}

    public static Response get(Tenants.Key key, String path) {
        return get(key, path, "");
    }

    /** GET with a query string; the signature covers the path without it. */
    public static Response get(Tenants.Key key, String path, String query) {
        String timestamp = Signer.now();
        return given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path, ""))
                .urlEncodingEnabled(false)
                .get(query.isEmpty() ? path : path + "?" + query);
    }

    public static Response post(Tenants.Key key, String path, String body) {
        return post(key, path, body, UUID.randomUUID().toString());
    }

    public static Response post(Tenants.Key key, String path, String body, String idempotencyKey) {
        return signedPost(key, path, body).header("Idempotency-Key", idempotencyKey).post(path);
    }

    /** A signed POST without the idempotency header, for tests that leave it out. */
    public static RequestSpecification signedPost(Tenants.Key key, String path, String body) {
        String timestamp = Signer.now();
        return given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path, body))
                .contentType(ContentType.JSON)
                .body(body);
    }

    public static String customersPath(Tenants.Key key) {
        return "/integrations/v1/" + key.company().id() + "/customers";
    }
}
