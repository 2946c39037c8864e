package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class OperationsTest {

    @Test
    void givenRunningService_whenProbing_thenLiveAndReadyWithDatabaseCheck() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem(containsString("Database")));
    }

    @Test
    void givenTraffic_whenScrapingMetrics_thenPrometheusText() {
        given().get("/v1/invoices");
        given().accept("text/plain").get("/q/metrics").then().statusCode(200)
                .contentType(containsString("text/plain"))
                .body(containsString("# TYPE http_server_requests_seconds summary"))
                .body(containsString("http_server_requests_seconds_count"));
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryCheckoutHelperOperationIsNamed() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("paths.'/checkout/token'.post.operationId", equalTo("issueCheckoutToken"))
                .body("paths.'/checkout/resolve-customer'.post.operationId", equalTo("resolveCheckoutCustomer"))
                .body("paths.'/checkout/product'.post.operationId", equalTo("saveCheckoutProduct"))
                .body("paths.'/checkout/company/{companyId}/product/sku/{sku}'.get.operationId",
                        equalTo("getCheckoutProductBySku"));
    }

    /** A generated client names its methods after operationIds: every operation has one, and no two share it. */
    @Test
    void givenOpenApi_whenFetched_thenEveryOperationHasItsOwnOperationId() {
        Map<String, Map<String, Map<String, Object>>> paths = given().queryParam("format", "json").get("/q/openapi")
                .then().statusCode(200).extract().jsonPath().getMap("paths");
        List<String> unnamed = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        paths.forEach((path, operations) -> operations.forEach((method, operation) -> {
            if (!List.of("get", "post", "put", "patch", "delete").contains(method)) {
                return;
            }
            Object id = operation.get("operationId");
            if (id == null) {
                unnamed.add(method.toUpperCase(java.util.Locale.ROOT) + " " + path);
            } else {
                ids.add(id.toString());
            }
        }));
        assertThat(unnamed).as("operations without an operationId").isEmpty();
        assertThat(ids).as("operationIds").doesNotHaveDuplicates().hasSizeGreaterThan(40);
    }

    @Test
    void givenOpenApi_whenFetched_thenEveryFamilyAndSecuritySchemeDescribed() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("paths", hasKey("/v1/invoices"))
                .body("paths", hasKey("/integrations/v1/{companyId}/customers"))
                .body("paths", hasKey("/integrations/v1/{companyId}/customers/upsert"))
                .body("paths", hasKey("/external/payments"))
                .body("paths", hasKey("/checkout/token"))
                .body("paths", hasKey("/checkout/company/{companyId}/product/sku/{sku}"))
                .body("paths", hasKey("/companies/{companyId}/api-keys"))
                .body("paths", hasKey("/companies/{companyId}/api-keys/{keyId}/rotate"))
                .body("paths", hasKey("/auth/token"))
                .body("paths", hasKey("/operator/companies"))
                .body("components.securitySchemes", hasKey("apiKeyBearer"))
                .body("components.securitySchemes", hasKey("integrationsSignature"))
                .body("components.securitySchemes", hasKey("xApiKey"))
                .body("components.securitySchemes", hasKey("checkoutToken"))
                .body("components.securitySchemes", hasKey("adminJwt"))
                .body("components.securitySchemes", hasKey("operatorToken"));
    }

    @Test
    void givenSwaggerUi_whenOpened_thenServed() {
        given().get("/q/swagger-ui/").then().statusCode(200).body(containsString("swagger"));
    }
}
