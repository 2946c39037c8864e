package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.bootstrap.DemoSeed;
import dev.recaudo.e2e.support.SeedPrintout;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service itself serves under {@code /api} ({@code quarkus.http.root-path}); partners call it directly. */
@QuarkusTest
@TestProfile(RootPathTest.RootPathApi.class)
class RootPathTest extends PathPrefixContract {

    public static class RootPathApi implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.root-path", PREFIX, "recaudo.public-base-url", PUBLIC_BASE_URL);
        }
    }

    @Override
    Response send(RequestSpecification request, String method, String path) {
        return request.basePath("").request(method, PREFIX + path);
    }

    @Inject
    DemoSeed seed;

    /** With a public base URL configured, the demo seed's {@code BASE} is that URL, root path and all. */
    @Test
    void givenAPublicBaseUrl_whenTheDemoSeedPrints_thenBaseIsThatUrl() {
        assertThat(SeedPrintout.exports(SeedPrintout.capture(seed::seed))).containsEntry("BASE", PUBLIC_BASE_URL);
    }
}
