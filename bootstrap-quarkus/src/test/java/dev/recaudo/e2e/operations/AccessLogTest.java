package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.LogCapture;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The access log as production writes it: a line per request with method, path, status, size,
 * duration and request id, where values of query parameters that carry credentials are masked.
 */
@QuarkusTest
@TestProfile(AccessLogTest.AccessLogOn.class)
class AccessLogTest {

    private static final String CATEGORY = "io.quarkus.http.access-log";

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
