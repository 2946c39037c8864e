package dev.recaudo.e2e.credentials;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The signed-request scheme of the integrations API, through the customers endpoints. */
@QuarkusTest
class IntegrationsCredentialsTest {

    private static final List<String> CUSTOMERS = List.of("customers:read", "customers:write");

    private static Tenants.Key partnerKey() {
        return Tenants.company().key("partner", CUSTOMERS, "acme-erp");
    }

    private static void assertError(Response response, int status, String code) {
        response.then().statusCode(status)
                .body("error.code", equalTo(code))
                .body("error.message", notNullValue())
                .body("error.requestId", equalTo(response.header("X-Request-Id")));
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("error");
        assertThat(response.jsonPath().getMap("error")).containsOnlyKeys("code", "message", "requestId");
    }

    @Test
    void givenCorrectlySignedRequest_whenListingCustomers_then200() {
        Tenants.Key key = partnerKey();
        Integrations.get(key, Integrations.customersPath(key))
                .then().statusCode(200)
                .body("items.size()", equalTo(0))
                .body("pagination.limit", equalTo(20))
                .body("pagination.hasMore", equalTo(false));
    }

    @Test
    void givenSignatureOverPathWithQuery_whenListing_thenAlsoAccepted() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key);
        String timestamp = Signer.now();
        given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path + "?limit=5", ""))
                .get(path + "?limit=5")
                .then().statusCode(200).body("pagination.limit", equalTo(5));
        // The same signature does not cover another query.
        Response tampered = given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path + "?limit=5", ""))
                .get(path + "?limit=6");
        assertError(tampered, 401, "invalid_signature");
    }

    @Test
    void givenMissingUnknownOrRevokedKey_when_then401InvalidApiKey() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("partner", CUSTOMERS, "acme-erp");
        String path = Integrations.customersPath(key);
        String timestamp = Signer.now();
        assertError(given().header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path, ""))
                .get(path), 401, "invalid_api_key");
        String unknown = "rk_live_" + "B".repeat(43);
        assertError(given().auth().oauth2(unknown).header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(unknown, timestamp, "GET", path, ""))
                .get(path), 401, "invalid_api_key");
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{k}", company.id(), key.id())
                .then().statusCode(204);
        assertError(Integrations.get(key, path), 401, "invalid_api_key");
    }

    @Test
    void givenBadTimestamp_whenCalling_then401InvalidTimestamp() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key);
        long now = System.currentTimeMillis() / 1000;
        for (String timestamp : List.of("", "12345", "1700000000000", "abcdefghij",
                Long.toString(now - 310), Long.toString(now + 310))) {
            assertError(given().auth().oauth2(key.secret())
                    .header("Service-Timestamp", timestamp)
                    .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path, ""))
                    .get(path), 401, "invalid_timestamp");
        }
        assertError(given().auth().oauth2(key.secret())
                .header("Service-Signature", Signer.sign(key.secret(), "", "GET", path, ""))
                .get(path), 401, "invalid_timestamp");
        for (long skew : List.of(-280L, 280L)) {
            String timestamp = Long.toString(now + skew);
            given().auth().oauth2(key.secret())
                    .header("Service-Timestamp", timestamp)
                    .header("Service-Signature", Signer.sign(key.secret(), timestamp, "GET", path, ""))
                    .get(path).then().statusCode(200);
        }
    }

    @Test
    void givenBadSignature_whenCalling_then401InvalidSignature() {
        Tenants.Key key = partnerKey();
        Tenants.Key otherKey = partnerKey();
        String path = Integrations.customersPath(key);
        String timestamp = Signer.now();
        String good = Signer.sign(key.secret(), timestamp, "GET", path, "");
        for (String signature : List.of(
                good.toUpperCase(),                                          // not lower-case hex
                good.substring(3),                                           // no v1= prefix
                "v2=" + good.substring(3),                                   // wrong scheme
                good.substring(0, 66),                                       // too short
                Signer.sign(key.secret(), timestamp, "POST", path, ""),      // other method
                Signer.sign(key.secret(), timestamp, "GET", path + "/", ""), // other path
                Signer.sign(otherKey.secret(), timestamp, "GET", path, ""),  // other key
                Signer.sign(key.secret(), Long.toString(Long.parseLong(timestamp) - 1), "GET", path, ""))) {
            assertError(given().auth().oauth2(key.secret())
                    .header("Service-Timestamp", timestamp)
                    .header("Service-Signature", signature)
                    .get(path), 401, "invalid_signature");
        }
        assertError(given().auth().oauth2(key.secret()).header("Service-Timestamp", timestamp).get(path),
                401, "invalid_signature");
    }

    @Test
    void givenBodyChangedAfterSigning_whenPosting_then401InvalidSignature() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key) + "/upsert";
        String timestamp = Signer.now();
        String signed = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c-1\",\"name\":\"Ana\"}";
        assertError(given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path, signed))
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .contentType(ContentType.JSON)
                .body(signed.replace("Ana", "Eve"))
                .post(path), 401, "invalid_signature");
    }

    @Test
    void givenKeyOfAnotherCompany_whenNamingThisCompany_then403Forbidden() {
        Tenants.Key key = partnerKey();
        Tenants.Company other = Tenants.company();
        assertError(Integrations.get(key, "/integrations/v1/" + other.id() + "/customers"), 403, "forbidden");
        assertError(Integrations.get(key, "/integrations/v1/not-a-uuid/customers"), 400, "validation_error");
    }

    @Test
    void givenPostWithoutIdempotencyKey_whenPosting_then400MissingIdempotencyKey() {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key) + "/upsert";
        String body = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c-1\",\"name\":\"Ana\"}";
        assertError(Integrations.signedPost(key, path, body).post(path), 400, "missing_idempotency_key");
        assertError(Integrations.signedPost(key, path, body).header("Idempotency-Key", " ").post(path),
                400, "missing_idempotency_key");
        assertError(Integrations.signedPost(key, path, body).header("Idempotency-Key", "k".repeat(256)).post(path),
                400, "validation_error");
        Integrations.post(key, path, body).then().statusCode(201);
    }

    @Test
    void givenMissingPermissionOrDisabledCompany_whenCalling_then403Forbidden() {
        Tenants.Company company = Tenants.company();
        Tenants.Key readOnly = company.key("reader", List.of("customers:read"), "acme-erp");
        String upsert = Integrations.customersPath(readOnly) + "/upsert";
        assertError(Integrations.post(readOnly, upsert,
                "{\"source\":\"acme-erp\",\"externalCustomerId\":\"c-1\",\"name\":\"Ana\"}"), 403, "forbidden");
        company.patch(Map.of("enabled", false));
        assertError(Integrations.get(readOnly, Integrations.customersPath(readOnly)), 403, "forbidden");
    }

    @Test
    void givenSourceOfAnotherPartner_whenUpserting_then403SourceMismatch() {
        Tenants.Key key = partnerKey();
        assertError(Integrations.post(key, Integrations.customersPath(key) + "/upsert",
                "{\"source\":\"someone-else\",\"externalCustomerId\":\"c-1\",\"name\":\"Ana\"}"), 403, "source_mismatch");
    }

    @Test
    void givenTooManyRequests_whenOverTheKeysLimit_then429RateLimited() throws InterruptedException {
        Tenants.Key key = partnerKey();
        String path = Integrations.customersPath(key);
        Windows.awaitFreshMinute();
        for (int i = 0; i < 120; i++) {
            Integrations.get(key, path).then().statusCode(200);
        }
        Response limited = Integrations.get(key, path);
        assertError(limited, 429, "rate_limited");
        assertThat(limited.header("Retry-After")).isNotNull();
    }
}
