package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The access log as production writes it: a line per request with method, path, status, size,
 * duration and request id, where values of query parameters that carry credentials are masked, and
 * so are path segments shaped like a credential, there and in the error lines that quote a path.
 */
@QuarkusTest
@TestProfile(AccessLogTest.AccessLogOn.class)
class AccessLogTest {

    private static final String CATEGORY = "io.quarkus.http.access-log";
    /** The random part of a key or secret, as the log scan of the battery looks for it. */
    private static final String SECRET_BODY = "4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x";

    public static class AccessLogOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.access-log.enabled", "true");
        }
    }

    @Test
    void givenApiKeyInTheQuery_whenListingInvoices_thenLoggedWithPageButWithoutTheSecret() throws InterruptedException {
        assertThat(accessLogLineOf("/v1/invoices?api_key=SECRET-rk-value&page=2"))
                .doesNotContain("SECRET")
                .contains("page=2")
                .contains("GET /v1/invoices")
                .contains(" 401 ")
                .containsPattern(" \\d+ \\d+ ms req=access-");
    }

    @Test
    void givenVerifyTokenAndOtherCredentials_whenLogged_thenEveryValueMaskedAndOtherParametersKept() throws InterruptedException {
        assertThat(accessLogLineOf("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=VT-SECRET&hub.challenge=12345"
                + "&token=T-SECRET&access_token=AT-SECRET&signature=SG-SECRET&password=PW-SECRET"
                + "&Client_Secret=CS-SECRET&key=K-SECRET&api%5Fkey=AK-SECRET&rk_live_BARE-SECRET"))
                .doesNotContain("SECRET")
                .contains("hub.mode=subscribe")
                .contains("hub.challenge=12345")
                .contains("hub.verify_token=");
    }

    @Test
    void givenBearerJwtPasswordCodeAndSemicolonSeparatedKey_whenLogged_thenEveryValueMasked() throws InterruptedException {
        assertThat(accessLogLineOf("/v1/invoices?bearer=BR-SECRET&jwt=JW-SECRET&pass=PA-SECRET&pw=PW-SECRET"
                + "&code=CO-SECRET&k=eyJhbGciOiJSUzI1NiJ9.SECRET&X=1;api_key=AK-SECRET&page=3"))
                .doesNotContain("SECRET")
                .doesNotContain("eyJ")
                .contains("GET /v1/invoices")
                .contains("X=1;api_key=")
                .contains("page=3");
    }

    /** Issue 21, item 3: a key, a token or a webhook secret sent as an id never reaches the log. */
    @Test
    void givenKeyTokenOrWebhookSecretInThePath_whenLogged_thenThatSegmentIsMaskedLikeAQueryValue() throws InterruptedException {
        String key = "rk_test_" + SECRET_BODY;
        assertThat(accessLogLineOf("/v1/invoices/" + key)).doesNotContain(SECRET_BODY).contains("GET /v1/invoices/***\"");
        assertThat(accessLogLineOf("/v1/invoices/rk%5Flive_" + SECRET_BODY + "/x")).doesNotContain(SECRET_BODY)
                .contains("GET /v1/invoices/***/x\"");
        String token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ" + SECRET_BODY + ".c2lnbmF0dXJl";
        assertThat(accessLogLineOf("/checkout/company/" + UUID.randomUUID() + "/product/sku/" + token))
                .doesNotContain(SECRET_BODY).doesNotContain("eyJ").contains("/product/sku/***\"");
        assertThat(accessLogLineOf("/companies/" + UUID.randomUUID() + "/webhook-endpoints/whsec_" + SECRET_BODY))
                .doesNotContain(SECRET_BODY).contains("/webhook-endpoints/***\"");
    }

    /**
     * Review F11: a webhook secret's base64 may hold {@code /}, so from its segment on the access log
     * line shows nothing of the path, the segments that may be the rest of the secret included.
     */
    @Test
    void givenWebhookSecretWithSlashesInThePath_whenLogged_thenTheWholeRestIsMasked() throws InterruptedException {
        String line = accessLogLineOf("/companies/" + UUID.randomUUID() + "/webhook-endpoints/whsec_MfKQ/"
                + SECRET_BODY.substring(0, 20) + "/" + SECRET_BODY.substring(20) + "%2Bq=/rotate");
        assertThat(line).doesNotContain(SECRET_BODY.substring(0, 20)).doesNotContain(SECRET_BODY.substring(20))
                .doesNotContain("rotate").contains("/webhook-endpoints/***\"");
    }

    /**
     * Review F12: a request id is written on every line of its request, so one shaped like a key is
     * replaced by a fresh UUID, which the answer echoes and the access log writes.
     */
    @Test
    void givenCredentialShapedRequestId_whenLogged_thenAFreshUuidIsEchoedAndLoggedInstead() throws InterruptedException {
        String credential = "rk_live_" + SECRET_BODY;
        try (LogCapture log = LogCapture.of("")) {
            String echoed = given().header("X-Request-Id", credential).get("/v1/invoices").then().extract().header("X-Request-Id");

            assertThat(echoed).isNotEqualTo(credential);
            assertThat(UUID.fromString(echoed).toString()).isEqualTo(echoed);
            log.await(line -> line.message().endsWith("req=" + echoed), Duration.ofSeconds(5))
                    .orElseThrow(() -> new AssertionError("no access log line for " + echoed + " in " + log.lines()));
            assertThat(log.lines()).noneSatisfy(line -> assertThat(line.message()).contains(SECRET_BODY));
        }
    }

    /**
     * The warning of a value the database refused quotes the request's path; a document named like
     * a key (a partner pasting the wrong value) shows there as {@code ***}.
     */
    @Test
    void givenDocumentNamedLikeAKey_whenAnErrorLineQuotesItsPath_thenTheKeyIsMasked() throws Exception {
        Partner partner = Partner.create();
        String documentId = "rk_live_" + SECRET_BODY;
        partner.createDocument(documentId, "C-1", "USD", 1000);
        Sql.execute("CREATE FUNCTION refuse_key_named_document() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " RAISE EXCEPTION 'invalid byte sequence' USING ERRCODE = '22021'; END $$");
        Sql.execute("CREATE TRIGGER refuse_key_named_document BEFORE UPDATE ON collection_documents FOR EACH ROW"
                + " WHEN (NEW.external_document_id = '" + documentId + "') EXECUTE FUNCTION refuse_key_named_document()");
        try (LogCapture log = LogCapture.of("")) {
            partner.post("/collection-documents/" + documentId + "/cancel", "").then().statusCode(400);
            assertThat(log.lines()).anySatisfy(line -> assertThat(line.message()).contains("a request check is missing")
                    .contains("/collection-documents/***/cancel"));
            assertThat(log.lines()).noneSatisfy(line -> assertThat(line.message()).contains(SECRET_BODY));
        } finally {
            Sql.execute("DROP TRIGGER refuse_key_named_document ON collection_documents");
            Sql.execute("DROP FUNCTION refuse_key_named_document()");
        }
    }

    /** Sends a GET under a fresh request id and answers the access log line written for it. */
    @Test
    void givenHostedCheckoutPage_whenLogged_thenItsCheckoutIdIsMasked() throws InterruptedException {
        String checkoutId = UUID.randomUUID().toString();
        assertThat(accessLogLineOf("/pay/" + checkoutId)).doesNotContain(checkoutId).contains("GET /pay/***\"").contains(" 404 ");
        assertThat(accessLogLineOf("/pay/" + checkoutId + "/x")).doesNotContain(checkoutId).contains("GET /pay/***\"");
        // Percent-encoding reaches the same page, so it must not reveal the id either.
        assertThat(accessLogLineOf("/p%61y/" + checkoutId)).doesNotContain(checkoutId).contains("GET /pay/***\"");
        assertThat(accessLogLineOf("/pay%2F" + checkoutId)).doesNotContain(checkoutId).contains("GET /pay/***\"");
    }

    private static String accessLogLineOf(String target) throws InterruptedException {
        String requestId = "access-" + UUID.randomUUID();
        try (LogCapture log = LogCapture.of(CATEGORY)) {
            given().header("X-Request-Id", requestId).urlEncodingEnabled(false).get(target);
            return log.await(line -> line.message().endsWith("req=" + requestId), Duration.ofSeconds(5))
                    .orElseThrow(() -> new AssertionError("no access log line for " + requestId + " in " + log.lines()))
                    .message();
        }
    }
}
