package dev.recaudo.e2e.operator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(OperatorDisabledTest.NoOperatorToken.class)
class OperatorDisabledTest {

    public static class NoOperatorToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.operator.token", "");
        }
    }

    @Test
    void givenNoOperatorTokenConfigured_whenCallingOperatorApi_then403ForEveryone() {
        given().auth().oauth2("anything").contentType(ContentType.JSON).body(Map.of("name", "x"))
                .post("/operator/companies")
                .then().statusCode(403)
                .body("code", equalTo(10005))
                .body("message", containsString("RECAUDO_OPERATOR_TOKEN"));
    }
}
