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

    /** A signed POST; the same write under another key in the same second waits for the next ({@link SignatureClock}). */
    public static Response post(Tenants.Key key, String path, String body, String idempotencyKey) {
        String timestamp = SignatureClock.timestamp(key.secret(), "POST", path, body, idempotencyKey);
        return signedPost(key, path, body, timestamp).header("Idempotency-Key", idempotencyKey).post(path);
    }

    /** A POST signed at {@code timestamp}, without the idempotency header. */
    public static RequestSpecification signedPost(Tenants.Key key, String path, String body, String timestamp) {
        return given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path, body))
                .contentType(ContentType.JSON)
                .body(body);
    }

    /** A signed POST without the idempotency header, for tests that leave it out. */
    public static RequestSpecification signedPost(Tenants.Key key, String path, String body) {
        return signedPost(key, path, body, Signer.now());
    }

    /**
     * Waits until every write transaction begun so far on the database server has ended. The
     * document and payment lists show a change only once every older transaction has finished
     * (docs/decisions.md "Gap-free sync cursors"), and other work on a shared server can hold
     * them back a moment; after this they show everything committed before the call.
     */
    public static void awaitChangeFeeds() {
        long mark = Sql.count("SELECT pg_current_xact_id()::text::bigint");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (Sql.count("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint") <= mark) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("a write transaction on the database server stayed open for 30 s");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    public static String customersPath(Tenants.Key key) {
        return "/integrations/v1/" + key.company().id() + "/customers";
    }
}
