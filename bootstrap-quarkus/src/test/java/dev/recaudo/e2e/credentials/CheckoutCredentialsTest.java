package dev.recaudo.e2e.credentials;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The checkout access-token scheme, through GET /checkout/company/{companyId}/product/sku/{sku}. */
@QuarkusTest
class CheckoutCredentialsTest {

    private static String token(Tenants.Key key) {
        return given().header("X-API-Key", key.secret()).post("/checkout/token")
                .then().statusCode(200)
                .body("tokenType", equalTo("Bearer"))
                .body("expiresIn", greaterThan(0))
                .extract().path("accessToken");
    }

    private static void insertProduct(UUID companyId, String sku) {
        Sql.execute("INSERT INTO products (id, company_id, sku, name, description, amount_minor, currency, status,"
                + " metadata, created_at, updated_at, is_test) VALUES (?, ?, ?, 'Plan mensual', 'Internet 100 Mb', 2500, 'USD',"
                + " 'active', '{\"tier\":\"gold\"}', now(), now(), false)", UUID.randomUUID(), companyId, sku);
    }

    private static void assertEnvelope(Response response, int status) {
        response.then().statusCode(status).body("statusCode", equalTo(status));
        assertThat(response.jsonPath().getMap("")).containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
    }

    @Test
    void givenCheckoutToken_whenReadingProductBySku_thenProductWithoutMetadata() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        insertProduct(company.id(), "PLAN-100");
        given().auth().oauth2(token(key)).get("/checkout/company/{c}/product/sku/{sku}", company.id(), "PLAN-100")
                .then().statusCode(200)
                .body("sku", equalTo("PLAN-100"))
                .body("amountMinor", equalTo(2500))
                .body("currency", equalTo("USD"))
                .body("status", equalTo("active"))
                .body("$", not(hasKey("metadata")))
                .body("$", not(hasKey("isNew")));
        assertEnvelope(given().auth().oauth2(token(key))
                .get("/checkout/company/{c}/product/sku/{sku}", company.id(), "NOPE"), 404);
    }

    @Test
    void givenKeyWithoutCheckoutPermission_whenAskingForToken_then403() {
        Tenants.Key key = Tenants.company().key("reader", List.of("payments:read"), "shop");
        assertEnvelope(given().header("X-API-Key", key.secret()).post("/checkout/token"), 403);
        assertEnvelope(given().post("/checkout/token"), 401);
    }

    @Test
    void givenMissingForeignOrWrongKindOfToken_whenReadingProduct_then401() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        String path = "/checkout/company/" + company.id() + "/product/sku/PLAN";
        assertEnvelope(given().get(path), 401);
        assertEnvelope(given().auth().oauth2(key.secret()).get(path), 401);
        assertEnvelope(given().auth().oauth2(company.adminToken()).get(path), 401);
        assertEnvelope(given().header("X-API-Key", key.secret()).get(path), 401);
    }

    @Test
    void givenRevokedKey_whenUsingItsCheckoutToken_then401() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.key("checkout", List.of("checkout:write"), "shop");
        insertProduct(company.id(), "PLAN-1");
        String token = token(key);
        String path = "/checkout/company/" + company.id() + "/product/sku/PLAN-1";
        given().auth().oauth2(token).get(path).then().statusCode(200);
        given().auth().oauth2(company.adminToken()).delete("/companies/{id}/api-keys/{k}", company.id(), key.id())
                .then().statusCode(204);
        assertEnvelope(given().auth().oauth2(token).get(path), 401);
    }

    @Test
    void givenTokenOfCompanyA_whenReadingCompanyBsProduct_then404() {
        Tenants.Company a = Tenants.company();
        Tenants.Company b = Tenants.company();
        insertProduct(b.id(), "SECRET");
        String token = token(a.key("checkout", List.of("checkout:write"), "shop"));
        assertEnvelope(given().auth().oauth2(token).get("/checkout/company/{c}/product/sku/SECRET", b.id()), 404);
        assertEnvelope(given().auth().oauth2(token).get("/checkout/company/not-a-uuid/product/sku/SECRET"), 400);
    }
}
