package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every administration operation of /q/openapi (admin JWT) refuses the credentials of the other
 * families: an API key holding every permission, as {@code X-API-Key} or as a Bearer, and a checkout
 * token of that key. Each answers 401 ({@code 10002}) and the company's rows stay as they were.
 */
public abstract class AdministrationCredentialsChecks {

    @Test
    public void givenApiKeyOrCheckoutToken_whenCallingEveryAdministrationOperation_then401AndNothingWritten() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "everything", "permissions", AccessWorld.ALL, "source", "erp"));
        String checkoutToken = given().header("X-API-Key", key.secret()).post("/checkout/token")
                .then().statusCode(200).extract().path("accessToken");
        List<Function<RequestSpecification, RequestSpecification>> credentials = List.of(
                request -> request.header("X-API-Key", key.secret()),
                request -> request.auth().oauth2(key.secret()),
                request -> request.auth().oauth2(checkoutToken));
        Map<String, String> before = VictimRows.of(company.id(), null);
        List<String> admitted = new ArrayList<>();
        int operations = 0;
        for (RouteTable.Operation operation : RouteTable.operations()) {
            if (!operation.schemes().contains("adminJwt")) {
                continue;
            }
            operations++;
            String path = operation.path().replaceAll("\\{companyId}", company.id().toString())
                    .replaceAll("\\{keyId}", key.id().toString()).replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
            for (Function<RequestSpecification, RequestSpecification> credential : credentials) {
                RequestSpecification request = credential.apply(given());
                if (!operation.method().equals("GET") && !operation.method().equals("DELETE")) {
                    request.contentType(ContentType.JSON).body(Map.of("name", "intruder", "url", "http://127.0.0.1:9/x"));
                }
                Response response = request.request(operation.method(), path);
                if (response.statusCode() != 401 || response.jsonPath().getInt("code") != 10002) {
                    admitted.add(operation.name() + " answered " + response.statusCode() + " " + response.asString());
                }
            }
        }
        assertThat(operations).as("administration operations in the route table").isGreaterThan(8);
        assertThat(admitted).as("administration operations that did not refuse another family's credential").isEmpty();
        assertThat(VictimRows.of(company.id(), null)).isEqualTo(before);
    }
}
