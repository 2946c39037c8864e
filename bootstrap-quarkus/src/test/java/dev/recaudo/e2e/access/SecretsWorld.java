package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.lessThan;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One company holding every secret the service hands out, and an object of every kind a GET can
 * name, for {@link SecretsInResponsesTest}: a live and a test key of every permission (source
 * {@code acme-erp}), a key rotated away, a webhook endpoint, the callback secret, the checkout token.
 */
record SecretsWorld(Tenants.Company company, Map<String, Tenants.Key> keys, List<String> keySecrets, String endpointSecret,
        String callbackSecret, String checkoutToken, Map<String, String> pathValues) {

    private static final String SOURCE = "acme-erp";

    static SecretsWorld build() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = key(company, "live");
        Tenants.Key test = key(company, "test");
        Tenants.Key rotatedAway = key(company, "live");
        JsonPath rotated = given().auth().oauth2(company.adminToken())
                .post("/companies/{c}/api-keys/{k}/rotate", company.id(), rotatedAway.id()).then().statusCode(201).extract().jsonPath();
        Map<String, Tenants.Key> keys = new LinkedHashMap<>();
        keys.put("live", live);
        keys.put("test", test);
        keys.put("rotated-away", rotatedAway);

        JsonPath endpoint = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/hook")).post("/companies/{c}/webhook-endpoints", company.id())
                .then().statusCode(201).extract().jsonPath();
        String callbackSecret = given().auth().oauth2(company.adminToken()).get("/companies/{c}/webhook-secret", company.id())
                .then().statusCode(200).extract().path("secret");
        // The company's card rail credentials: set, and then never answered by any read.
        String railKey = "rk_live_" + UUID.randomUUID().toString().replace("-", "");
        String railWebhookSecret = "whsec_" + UUID.randomUUID().toString().replace("-", "");
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("secretKey", railKey, "webhookSecret", railWebhookSecret))
                .put("/companies/{c}/payment-rails/stripe", company.id()).then().statusCode(200);
        String accountId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("bank", "Banco Nacional", "accountNumber", "0102-0000-11-2233445566", "holder", "Comercial",
                        "currency", "USD"))
                .post("/companies/{c}/receiving-accounts", company.id()).then().statusCode(201).extract().path("id");
        String checkoutToken = given().header("X-API-Key", live.secret()).post("/checkout/token")
                .then().statusCode(200).extract().path("accessToken");

        Map<String, String> values = new HashMap<>();
        values.put("companyId", company.id().toString());
        values.put("endpointId", endpoint.getString("id"));
        values.put("rail", "stripe");
        values.put("accountId", accountId);
        values.putAll(integrationsObjects(company, live));
        Map<String, Object> invoiceBody = new HashMap<>(Invoices.body());
        invoiceBody.put("provider", SOURCE);
        JsonPath invoice = Invoices.create(live, invoiceBody);
        values.put("invoiceId", invoice.getString("id"));
        values.put("checkoutId", invoice.getString("payment.id"));
        values.put("id", ExternalPayments.hosted(test, Map.of("amountMinor", 500, "currency", "USD")).getString("id"));
        values.put("sku", product(checkoutToken));
        return new SecretsWorld(company, keys, List.of(live.secret(), test.secret(), rotatedAway.secret(), rotated.getString("key"), railKey,
                railWebhookSecret),
                endpoint.getString("secret"), callbackSecret, checkoutToken, values);
    }

    /** The operation's path with each parameter replaced by this world's object of that name. */
    String fill(RouteTable.Operation operation) {
        String path = operation.path();
        for (String parameter : operation.pathParameters()) {
            String value = pathValues.get(parameter);
            if (value == null) {
                throw new AssertionError(operation.name() + " takes {" + parameter + "}: give SecretsWorld an object for it");
            }
            path = path.replace("{" + parameter + "}", value);
        }
        return path;
    }

    private static Tenants.Key key(Tenants.Company company, String environment) {
        return company.createKey(Map.of("name", "secrets " + environment, "permissions", AccessWorld.ALL, "source", SOURCE,
                "environment", environment, "rateLimitRpm", 10_000));
    }

    /** A customer, a document and a payment on the integrations API; the customer upsert carries a request id for the audit read. */
    private static Map<String, String> integrationsObjects(Tenants.Company company, Tenants.Key key) {
        String base = "/integrations/v1/" + company.id();
        String requestId = "req-" + UUID.randomUUID();
        Integrations.signedPost(key, base + "/customers/upsert", "{\"source\":\"" + SOURCE + "\",\"externalCustomerId\":\"C-1\","
                        + "\"type\":\"business\",\"name\":\"Cliente\",\"email\":\"cobros@cliente.test\",\"taxId\":\"J-30987654-3\"}")
                .header("Idempotency-Key", UUID.randomUUID().toString()).header("X-Request-Id", requestId)
                .post(base + "/customers/upsert").then().statusCode(201);
        Integrations.post(key, base + "/collection-documents/upsert", Partner.document("D-1", "C-1", "USD", 1000))
                .then().statusCode(201);
        Integrations.post(key, base + "/verified-payments", Partner.payment("P-1", "C-1", 400, "USD", "D-1", 400))
                .then().statusCode(200);
        return Map.of("requestId", requestId, "externalDocumentId", "D-1", "externalPaymentId", "P-1");
    }

    private static String product(String checkoutToken) {
        String sku = "SKU-" + UUID.randomUUID().toString().substring(0, 8);
        given().auth().oauth2(checkoutToken).contentType(ContentType.JSON)
                .body(Map.of("sku", sku, "name", "Plan", "amountMinor", 100, "currency", "USD"))
                .post("/checkout/product").then().statusCode(lessThan(300));
        return sku;
    }
}
