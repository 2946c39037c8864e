package dev.recaudo.e2e.operations;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

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
}
