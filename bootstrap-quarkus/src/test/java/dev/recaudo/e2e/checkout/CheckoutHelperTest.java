package dev.recaudo.e2e.checkout;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** The checkout helper's writes: payers resolved by e-mail and products upserted by SKU. */
@QuarkusTest
class CheckoutHelperTest {

    private static String token(Tenants.Key key) {
        return given().header("X-API-Key", key.secret()).post("/checkout/token").then().statusCode(200)
                .extract().path("accessToken");
    }

    private static Tenants.Key checkoutKey(Tenants.Company company, String environment) {
        return company.createKey(Map.of("name", "checkout " + environment, "permissions", List.of("checkout:write"),
                "environment", environment));
    }

    private static Response post(String token, String path, Object body) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(body).post(path);
    }

    private static Map<String, Object> payer(Tenants.Company company, String email) {
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", company.id().toString());
        body.put("email", email);
        body.put("name", "Ana Pérez");
        return body;
    }

    private static Map<String, Object> product(Tenants.Company company, String sku, long amountMinor) {
        Map<String, Object> body = new HashMap<>();
        body.put("companyId", company.id().toString());
        body.put("sku", sku);
        body.put("name", "Plan mensual");
        body.put("description", "Internet 100 Mb");
        body.put("amountMinor", amountMinor);
        body.put("currency", "USD");
        body.put("metadata", Map.of("tier", "gold"));
        return body;
    }

    @Test
    void givenNewEmail_whenResolvedTwiceInAnyCase_thenCreatedOnceAndNeverUpdated() {
        Tenants.Company company = Tenants.company();
        String token = token(checkoutKey(company, "live"));
        Map<String, Object> first = payer(company, "Ana@Example.com");
        first.put("phone", "+584121234567");
        first.put("identityDocument", "V-12345678");
        Response created = post(token, "/checkout/resolve-customer", first);
        created.then().statusCode(201).body("isNew", equalTo(true)).body("email", equalTo("Ana@Example.com"))
                .body("name", equalTo("Ana Pérez"));
        Map<String, Object> again = payer(company, "ana@EXAMPLE.com");
        again.put("name", "Someone Else");
        post(token, "/checkout/resolve-customer", again).then().statusCode(200)
                .body("isNew", equalTo(false))
                .body("companyCustomerId", equalTo(created.path("companyCustomerId")))
                .body("customerId", equalTo(created.path("customerId")))
                .body("email", equalTo("Ana@Example.com"))
                .body("name", equalTo("Ana Pérez"));
        // The global id is the payer's in every company.
        Tenants.Company other = Tenants.company();
        post(token(checkoutKey(other, "live")), "/checkout/resolve-customer", payer(other, "ana@example.com"))
                .then().statusCode(201).body("customerId", equalTo(created.path("customerId")));
    }

    @Test
    void givenConcurrentResolvesOfOneEmail_thenOnePayer() throws Exception {
        Tenants.Company company = Tenants.company();
        String token = token(checkoutKey(company, "live"));
        List<Callable<Response>> resolves = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String email = i % 2 == 0 ? "race@example.com" : "RACE@example.com";
            resolves.add(() -> post(token, "/checkout/resolve-customer", payer(company, email)));
        }
        List<Response> answers = Parallel.run(16, resolves);
        assertThat(answers).extracting(Response::statusCode).containsOnly(200, 201).containsOnlyOnce(201);
        assertThat(answers.stream().map(answer -> answer.<String>path("companyCustomerId")).distinct()).hasSize(1);
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void givenProductSku_whenSavedThenSavedAgain_thenCreated201ThenUpdated200WithTheSameId() {
        Tenants.Company company = Tenants.company();
        String token = token(checkoutKey(company, "live"));
        Response created = post(token, "/checkout/product", product(company, "PLAN-1", 2500));
        created.then().statusCode(201).body("isNew", equalTo(true)).body("metadata.tier", equalTo("gold"))
                .body("status", equalTo("active")).body("amountMinor", equalTo(2500));
        Map<String, Object> changed = product(company, "PLAN-1", 3000);
        changed.put("currency", "MXN");
        changed.remove("metadata");
        post(token, "/checkout/product", changed).then().statusCode(200)
                .body("isNew", equalTo(false)).body("id", equalTo(created.path("id")))
                .body("amountMinor", equalTo(3000)).body("currency", equalTo("MXN")).body("metadata", nullValue());
        given().auth().oauth2(token).get("/checkout/company/{c}/product/sku/{s}", company.id(), "PLAN-1")
                .then().statusCode(200).body("amountMinor", equalTo(3000))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("metadata")))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("isNew")));
    }

    @Test
    void givenTestToken_whenSavingASkuThatIsLive_thenTheLivePriceStaysAndEachEnvironmentSeesItsOwn() {
        Tenants.Company company = Tenants.company();
        String live = token(checkoutKey(company, "live"));
        String test = token(checkoutKey(company, "test"));
        post(live, "/checkout/product", product(company, "PLAN-9", 2500)).then().statusCode(201);
        post(test, "/checkout/product", product(company, "PLAN-9", 1)).then().statusCode(201).body("isNew", equalTo(true));
        given().auth().oauth2(live).get("/checkout/company/{c}/product/sku/{s}", company.id(), "PLAN-9")
                .then().statusCode(200).body("amountMinor", equalTo(2500));
        given().auth().oauth2(test).get("/checkout/company/{c}/product/sku/{s}", company.id(), "PLAN-9")
                .then().statusCode(200).body("amountMinor", equalTo(1));
        post(test, "/checkout/resolve-customer", payer(company, "env@example.com")).then().statusCode(201);
        post(live, "/checkout/resolve-customer", payer(company, "env@example.com")).then().statusCode(201);
    }

    @Test
    void givenAnotherCompanysId_whenWritingOrReading_then404AndNothingStored() {
        Tenants.Company mine = Tenants.company();
        Tenants.Company theirs = Tenants.company();
        String token = token(checkoutKey(mine, "live"));
        Map<String, Object> product = product(mine, "X-1", 100);
        product.put("companyId", theirs.id().toString());
        Envelopes.assertStatus(post(token, "/checkout/product", product), 404, "/checkout/product");
        Map<String, Object> payer = payer(mine, "x@example.com");
        payer.put("companyId", theirs.id().toString());
        Envelopes.assertStatus(post(token, "/checkout/resolve-customer", payer), 404, "/checkout/resolve-customer");
        Envelopes.assertStatus(given().auth().oauth2(token).get("/checkout/company/{c}/product/sku/X-1", theirs.id()), 404,
                "/checkout/company/" + theirs.id() + "/product/sku/X-1");
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id IN (?, ?)", mine.id(), theirs.id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM checkout_customers WHERE company_id IN (?, ?)", mine.id(), theirs.id()))
                .isZero();
    }

    @Test
    void givenInvalidBodies_then400InTheStatusEnvelope() {
        Tenants.Company company = Tenants.company();
        String token = token(checkoutKey(company, "live"));
        Map<String, Object> tooMuchMetadata = product(company, "M-1", 100);
        Map<String, Object> eleven = new HashMap<>();
        for (int i = 0; i < 11; i++) {
            eleven.put("k" + i, "v");
        }
        tooMuchMetadata.put("metadata", eleven);
        Map<String, Object> listMetadata = product(company, "M-2", 100);
        listMetadata.put("metadata", List.of(Map.of("a", 1)));
        Map<String, Object> euro = product(company, "M-3", 100);
        euro.put("currency", "EUR");
        Map<String, Object> negative = product(company, "M-4", -1);
        Map<String, Object> stringAmount = product(company, "M-5", 1);
        stringAmount.put("amountMinor", "1");
        Map<String, Object> noSku = product(company, "M-6", 1);
        noSku.remove("sku");
        Map<String, Object> badCompany = product(company, "M-7", 1);
        badCompany.put("companyId", "nope");
        for (Map<String, Object> body : List.of(tooMuchMetadata, listMetadata, euro, negative, stringAmount, noSku, badCompany)) {
            Envelopes.assertStatus(post(token, "/checkout/product", body), 400, "/checkout/product");
        }
        Map<String, Object> badEmail = payer(company, "not-an-email");
        Map<String, Object> badPhone = payer(company, "p@example.com");
        badPhone.put("phone", "0412");
        Map<String, Object> noName = payer(company, "n@example.com");
        noName.remove("name");
        Map<String, Object> longEmail = payer(company, "a".repeat(200) + "@example.com");
        for (Map<String, Object> body : List.of(badEmail, badPhone, noName, longEmail)) {
            Envelopes.assertStatus(post(token, "/checkout/resolve-customer", body), 400, "/checkout/resolve-customer");
        }
        Envelopes.assertStatus(post(token, "/checkout/resolve-customer", "[]"), 400, "/checkout/resolve-customer");
        assertThat(Sql.count("SELECT count(*) FROM products WHERE company_id = ?", company.id())).isZero();
    }

    @Test
    void givenNoTokenOrAnApiKeyInstead_then401() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = checkoutKey(company, "live");
        Envelopes.assertStatus(given().contentType(ContentType.JSON).body(payer(company, "a@example.com"))
                .post("/checkout/resolve-customer"), 401, "/checkout/resolve-customer");
        Envelopes.assertStatus(post(key.secret(), "/checkout/product", product(company, "A-1", 1)), 401, "/checkout/product");
    }
}
