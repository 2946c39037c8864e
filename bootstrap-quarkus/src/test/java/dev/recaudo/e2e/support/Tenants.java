package dev.recaudo.e2e.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Creates tenants the way a real operator and administrator would: through the operator API,
 * the admin login and the key administration API. Every test gets companies of its own.
 */
public final class Tenants {

    public static final String OPERATOR_TOKEN = "test-operator-token";
    public static final String PASSWORD = "correct horse battery";

    private Tenants() {}

    public record Company(UUID id, String adminEmail, String adminToken) {

        public Key key(String name, List<String> permissions, String source) {
            return createKey(Map.of("name", name, "permissions", permissions, "source", source));
        }

        public Key createKey(Map<String, Object> body) {
            Map<String, Object> created = given().auth().oauth2(adminToken)
                    .contentType(ContentType.JSON)
                    .body(body)
                    .post("/companies/{companyId}/api-keys", id)
                    .then().statusCode(201)
                    .extract().jsonPath().getMap("");
            return new Key(UUID.fromString((String) created.get("id")), (String) created.get("key"), this);
        }

        public void patch(Map<String, Object> body) {
            given().auth().oauth2(OPERATOR_TOKEN).contentType(ContentType.JSON).body(body)
                    .patch("/operator/companies/{companyId}", id)
                    .then().statusCode(200);
        }
    }

    public record Key(UUID id, String secret, Company company) {}

    public static Company company() {
        return company("USD");
    }

    public static Company company(String referenceCurrency) {
        String email = "admin-" + UUID.randomUUID() + "@example.test";
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("name", "Company " + email);
        body.put("referenceCurrency", referenceCurrency);
        body.put("admin", Map.of("email", email, "password", PASSWORD));
        String companyId = given().auth().oauth2(OPERATOR_TOKEN)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/operator/companies")
                .then().statusCode(201)
                .extract().path("companyId");
        return new Company(UUID.fromString(companyId), email, login(email, PASSWORD));
    }

    public static String login(String email, String password) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/auth/token")
                .then().statusCode(200)
                .extract().path("accessToken");
    }
}
