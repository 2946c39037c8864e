package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What must hold when partners call {@code {base_url}} ending in {@code /api}, however the prefix
 * reaches the service: every family keeps its envelope, signatures cover the path as the partner
 * sent it (prefix included), and payment links come from the configured public base URL only.
 * Each setup is a subclass with its own Quarkus profile.
 */
abstract class PathPrefixContract {

    static final String PREFIX = "/api";
    static final String PUBLIC_BASE_URL = "https://pay.recaudo.example/api";

    /** A request the partner sends to {@code PREFIX + path}, as it reaches the service in this setup. */
    abstract Response send(RequestSpecification request, String method, String path);

    @Test
    void givenEachFamilyWithoutCredentials_whenCalled_thenEachAnswersInItsOwnEnvelope() {
        UUID company = UUID.randomUUID();
        Envelopes.assertPublic(send(given(), "GET", "/v1/invoices"), 401, 10002);
        Envelopes.assertIntegrations(send(given(), "GET", "/integrations/v1/" + company + "/customers"), 401, "invalid_api_key");
        Envelopes.assertStatus(send(given(), "GET", "/external/payments"), 401, PREFIX + "/external/payments");
        String product = "/checkout/company/" + company + "/product/sku/PLAN";
        Envelopes.assertStatus(send(given(), "GET", product), 401, PREFIX + product);
        Envelopes.assertPublic(send(given(), "GET", "/companies/" + company + "/api-keys"), 401, 10002);
    }

    @Test
    void givenUnknownRouteInEachFamily_whenCalled_then404InThatFamily() {
        UUID company = UUID.randomUUID();
        Envelopes.assertPublic(send(given(), "GET", "/v1/nothing-here"), 404, 10004);
        Envelopes.assertIntegrations(send(given(), "GET", "/integrations/v1/" + company + "/nothing"), 404, "not_found");
        Envelopes.assertStatus(send(given(), "GET", "/external/nothing"), 404, PREFIX + "/external/nothing");
        Envelopes.assertPublic(send(given(), "GET", "/companies/" + company + "/nothing"), 404, 10004);
    }

    @Test
    void givenErrorsOfTheHostedPage_whenRaisedByTheResourceOrAtTheEdge_thenHtmlPagesUnderThePrefixToo() {
        String page = "/pay/" + UUID.randomUUID();
        List<Response> errors = List.of(send(given(), "GET", page + "/nothing"),
                send(given().contentType(ContentType.URLENC).body("csrf=" + "x".repeat(1024 * 1024)), "POST", page));
        assertThat(errors).extracting(Response::statusCode).containsExactly(404, 413);
        for (Response error : errors) {
            error.then().contentType(containsString("text/html"))
                    .header("Content-Security-Policy", containsString("default-src 'none'"));
            assertThat(error.asString()).contains("<html lang=\"es-419\">").doesNotContain("{\"");
        }
    }

    /** Issue 26: the console's pages link relative to themselves, so its sign-in form, stylesheet and errors work under the prefix. */
    @Test
    void givenTheConsole_whenOpenedUnderThePrefix_thenItsPagesAndStylesheetAreReachedRelatively() {
        Response home = send(given().redirects().follow(false), "GET", "/console");
        assertThat(home.statusCode()).isEqualTo(303);
        assertThat(home.header("Location")).isEqualTo("console/sign-in");
        String signIn = send(given(), "GET", "/console/sign-in").then().statusCode(200).extract().asString();
        assertThat(signIn).contains("action=\"../console/sign-in\"").contains("href=\"../console-assets/console.css\"");
        send(given(), "GET", "/console-assets/console.css").then().statusCode(200).contentType(containsString("text/css"));
        Response missing = send(given(), "GET", "/console/nothing/here");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.asString()).contains("href=\"../../console\"");
    }

    @Test
    void givenBodyOverTheLimit_whenPosted_thenRefusedAtTheEdgeInTheFamilysEnvelope() {
        String tooLarge = "{\"name\":\"" + "x".repeat(1024 * 1024) + "\"}";
        Envelopes.assertIntegrations(send(given().contentType(ContentType.JSON).body(tooLarge), "POST",
                "/integrations/v1/" + UUID.randomUUID() + "/customers/upsert"), 413, "payload_too_large");
        Envelopes.assertStatus(send(given().contentType(ContentType.JSON).body(tooLarge), "POST", "/external/payments"),
                413, PREFIX + "/external/payments");
    }

    @Test
    void givenIntegrationsRequestsSignedOverThePathWithThePrefix_whenSent_thenAccepted() {
        Tenants.Key key = Tenants.company().key("partner", List.of("customers:read", "customers:write"), "acme-erp");
        String customers = "/integrations/v1/" + key.company().id() + "/customers";
        String body = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-1\",\"name\":\"Ferretería El Tornillo C.A.\"}";

        send(signed(key, "POST", PREFIX + customers + "/upsert", body).header("Idempotency-Key", UUID.randomUUID().toString())
                .contentType(ContentType.JSON).body(body), "POST", customers + "/upsert")
                .then().statusCode(201);
        send(signed(key, "GET", PREFIX + customers, ""), "GET", customers)
                .then().statusCode(200);
        Envelopes.assertIntegrations(send(signed(key, "GET", customers, ""), "GET", customers), 401, "invalid_signature");
    }

    @Test
    void givenSpoofedForwardedHostAndPrefix_whenCreatingAnInvoice_thenPaymentLinkFromTheConfiguredBaseUrl() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Response created = send(given().auth().oauth2(key.secret()).header("x-idempotency", UUID.randomUUID().toString())
                .header("X-Forwarded-Host", "evil.example").header("X-Forwarded-Proto", "http")
                .header("Forwarded", "host=evil.example;proto=http")
                .contentType(ContentType.JSON).body(Invoices.body()), "POST", "/v1/invoices");
        created.then().statusCode(201);
        String checkout = created.jsonPath().getString("payment.id");
        assertThat(created.jsonPath().getString("payment.payment_link")).isEqualTo(PUBLIC_BASE_URL + "/pay/" + checkout);
    }

    /** A request signed the way the partner signs it, over {@code signedPath}. */
    static RequestSpecification signed(Tenants.Key key, String method, String signedPath, String body) {
        String timestamp = Signer.now();
        return given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, method, signedPath, body));
    }
}
