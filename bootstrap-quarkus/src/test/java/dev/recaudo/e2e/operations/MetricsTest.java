package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The {@code uri} label of HTTP metrics is a route template or a fixed placeholder, never the path a
 * caller sent: ids in paths stay out of metrics, and unknown paths cannot use up the label values
 * Micrometer allows (100), after which routes not measured yet would no longer be measured at all.
 */
@QuarkusTest
@TestProfile(MetricsTest.OwnRegistry.class)
class MetricsTest {

    /** A service of its own, so that no other test has measured the route this one looks for. */
    public static class OwnRegistry implements QuarkusTestProfile {}

    private static final int UNKNOWN_PATHS = 150;
    private static final Pattern URI_LABEL = Pattern.compile("^http_server_requests_seconds_count\\{.*?uri=\"([^\"]*)\"",
            Pattern.MULTILINE);

    @Test
    void givenMethodNotAllowedOnIdPathAndManyUnknownPaths_whenScraping_thenUriLabelsAreTemplatesOrPlaceholders() {
        String invoiceId = UUID.randomUUID().toString();
        given().patch("/v1/invoices/" + invoiceId).then().statusCode(405);
        List<String> markers = IntStream.range(0, UNKNOWN_PATHS).mapToObj(i -> "probe" + UUID.randomUUID().toString()
                .replace("-", "")).toList();
        for (String marker : markers) {
            given().get("/" + marker).then().statusCode(404);
            given().patch("/v1/invoices/" + marker).then().statusCode(405);
            given().delete("/integrations/v1/" + marker).then().statusCode(404);
            given().options("/v1/invoices/" + marker);
            given().head("/v1/" + marker);
        }
        given().get("/v1/invoices/{invoiceId}", UUID.randomUUID()).then().statusCode(401);

        Set<String> uris = uriLabels();
        assertThat(uris).as("uri labels").contains("/v1/invoices/{invoiceId}");
        assertThat(uris).noneMatch(uri -> uri.contains(invoiceId));
        assertThat(uris).noneMatch(uri -> uri.contains("probe"));
        assertThat(uris).allMatch(uri -> uri.startsWith("/") || List.of("NOT_FOUND", "UNKNOWN", "REDIRECTION", "root")
                .contains(uri), "a route template or a placeholder");
    }

    private static Set<String> uriLabels() {
        String scrape = given().accept("text/plain").get("/q/metrics").then().statusCode(200)
                .extract().asString();
        Matcher labels = URI_LABEL.matcher(scrape);
        return labels.results().map(label -> label.group(1)).collect(Collectors.toSet());
    }
}
