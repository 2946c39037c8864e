package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.lessThan;

import dev.recaudo.e2e.support.Deliveries;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Two companies and two partners, each owning one object of every kind. Company A has partners
 * {@code erp-x} (the attacker, A1) and {@code erp-y} (A2); company B's partner is also called
 * {@code erp-x}, so a source name alone opens nothing across companies.
 */
final class AccessWorld {

    static final String ATTACKER_SOURCE = "erp-x";
    static final String OTHER_PARTNER_SOURCE = "erp-y";
    /** The attacker's own customer, so that a payment it reports gets past the customer to the documents it names. */
    static final String ATTACKER_CUSTOMER = "C-A";
    /** Every permission, so that only ownership can refuse a call. */
    static final List<String> ALL = List.of("public_invoices:read", "public_invoices:write", "whatsapp_events:read",
            "customers:read", "customers:write", "collection_documents:read", "collection_documents:write",
            "payments:read", "verified_payments:write", "certified_rates:write", "payments:create", "checkout:write");

    /** One partner's credentials: a live and a test key of one source. */
    record Credentials(Tenants.Company company, Tenants.Key live, Tenants.Key test, String source) {

        String checkoutToken() {
            return given().header("X-API-Key", live.secret()).post("/checkout/token")
                    .then().statusCode(200).extract().path("accessToken");
        }
    }

    /** The ids a matrix call names: the company of the path, and one object of each kind. */
    record Target(UUID company, String source, String invoice, String providerId, String testInvoice, String testCheckout,
            String customer, String document, String payment, String ratePayment, String rateDocument,
            String requestId, String externalPayment, String testExternalCheckout, String endpoint, String delivery,
            String apiKey, String sku) {

        /** The same kinds of ids, naming nothing, in {@code company}. */
        static Target missing(UUID company) {
            return new Target(company, "src-" + uuid().substring(0, 8), uuid(), "PV-" + uuid(), uuid(), uuid(), "C-" + uuid(), "D-" + uuid(),
                    "P-" + uuid(), "R-" + uuid(), "D-" + uuid(), "req-" + uuid(), uuid(), uuid(), uuid(), uuid(),
                    uuid(), "SKU-" + uuid().substring(0, 8));
        }

        Target inCompany(UUID other) {
            return new Target(other, source, invoice, providerId, testInvoice, testCheckout, customer, document, payment,
                    ratePayment, rateDocument, requestId, externalPayment, testExternalCheckout, endpoint, delivery,
                    apiKey, sku);
        }

        /** Every id the target names, to blank out of answers before they are compared. */
        Map<String, String> ids() {
            Map<String, String> ids = new HashMap<>();
            ids.put("company", company.toString());
            ids.put("source", source);
            ids.put("invoice", invoice);
            ids.put("providerId", providerId);
            ids.put("testInvoice", testInvoice);
            ids.put("testCheckout", testCheckout);
            ids.put("customer", customer);
            ids.put("document", document);
            ids.put("payment", payment);
            ids.put("ratePayment", ratePayment);
            ids.put("rateDocument", rateDocument);
            ids.put("requestId", requestId);
            ids.put("externalPayment", externalPayment);
            ids.put("testExternalCheckout", testExternalCheckout);
            ids.put("endpoint", endpoint);
            ids.put("delivery", delivery);
            ids.put("apiKey", apiKey);
            ids.put("sku", sku);
            return ids;
        }
    }

    final Credentials attacker;
    final Credentials otherPartner;
    final Credentials otherCompany;
    final Target partnerObjects;
    final Target companyObjects;

    private AccessWorld() {
        Tenants.Company a = Tenants.company();
        Tenants.Company b = Tenants.company();
        attacker = credentials(a, ATTACKER_SOURCE);
        Integrations.post(attacker.live(), "/integrations/v1/" + a.id() + "/customers/upsert", "{\"source\":\""
                + ATTACKER_SOURCE + "\",\"externalCustomerId\":\"" + ATTACKER_CUSTOMER + "\",\"type\":\"business\","
                + "\"name\":\"Atacante\"}").then().statusCode(201);
        otherPartner = credentials(a, OTHER_PARTNER_SOURCE);
        otherCompany = credentials(b, ATTACKER_SOURCE);
        String endpoint = endpoint(b);
        Invoices.create(otherCompany.live(), invoiceBody(ATTACKER_SOURCE, null));
        partnerObjects = objects(otherPartner, "Y", null, null, null, null);
        String delivery = Deliveries.first(b, endpoint);
        String sku = product(otherCompany);
        companyObjects = objects(otherCompany, "B", endpoint, delivery, otherCompany.live().id().toString(), sku);
    }

    static AccessWorld build() {
        return new AccessWorld();
    }

    private static String uuid() {
        return UUID.randomUUID().toString();
    }

    private static Credentials credentials(Tenants.Company company, String source) {
        Tenants.Key live = company.createKey(Map.of("name", source + " live", "permissions", ALL, "source", source,
                "rateLimitRpm", 10_000));
        Tenants.Key test = company.createKey(Map.of("name", source + " test", "permissions", ALL, "source", source,
                "environment", "test", "rateLimitRpm", 10_000));
        return new Credentials(company, live, test, source);
    }

    /** Every kind of object, owned by {@code owner}; company-wide ones are given (null for a partner). */
    private static Target objects(Credentials owner, String tag, String endpoint, String delivery, String apiKey, String sku) {
        String providerId = "PV-" + uuid();
        Map<String, Object> invoiceBody = invoiceBody(owner.source(), providerId);
        String invoice = Invoices.create(owner.live(), invoiceBody).getString("id");
        JsonPath testInvoice = Invoices.create(owner.test(), invoiceBody(owner.source(), null));

        Tenants.Key key = owner.live();
        String base = "/integrations/v1/" + owner.company().id();
        String requestId = "req-" + uuid();
        String customer = "C-" + tag;
        String document = "D-" + tag;
        String payment = "P-" + tag;
        String ratePayment = "R-" + tag;
        String rateDocument = "E-" + tag;
        String customerBody = "{\"source\":\"" + owner.source() + "\",\"externalCustomerId\":\"" + customer + "\",\"type\":\"business\","
                + "\"name\":\"Cliente victima\"}";
        Integrations.signedPost(key, base + "/customers/upsert", customerBody)
                .header("Idempotency-Key", uuid()).header("X-Request-Id", requestId)
                .post(base + "/customers/upsert").then().statusCode(201);
        post(key, base + "/collection-documents/upsert", Partner.document(document, customer, "USD", 1000), owner.source());
        post(key, base + "/collection-documents/upsert", Partner.document(rateDocument, customer, "USD", 1000), owner.source());
        post(key, base + "/verified-payments", Partner.payment(payment, customer, 400, "USD", document, 400), owner.source());
        String awaiting = post(key, base + "/verified-payments", Partner.payment(ratePayment, customer, 36500, "VES", rateDocument, 1000),
                owner.source());
        assertThat(awaiting).contains("needs_certified_rate");

        // Live external payments have no processor yet: the test environment is where they exist.
        JsonPath external = ExternalPayments.hosted(owner.test(), Map.of("amountMinor", 500, "currency", "USD"));
        String externalPayment = external.getString("id");
        String testExternalCheckout = ExternalPayments.checkoutId(external).toString();
        return new Target(owner.company().id(), owner.source(), invoice, providerId, testInvoice.getString("id"),
                testInvoice.getString("payment.id"), customer, document, payment, ratePayment, rateDocument, requestId,
                externalPayment,
                testExternalCheckout, endpoint, delivery, apiKey, sku);
    }

    private static String post(Tenants.Key key, String path, String body, String source) {
        return Integrations.post(key, path, body.replace("acme-erp", source)).then()
                .statusCode(lessThan(300)).extract().asString();
    }

    static Map<String, Object> invoiceBody(String source, String providerId) {
        Map<String, Object> body = new HashMap<>(Invoices.body());
        body.put("provider", source);
        if (providerId != null) {
            body.put("provider_id", providerId);
        }
        return body;
    }

    /** A live endpoint of B that nobody listens on: its deliveries exist and fail, which is all the matrix needs. */
    private static String endpoint(Tenants.Company company) {
        return given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/hook"))
                .post("/companies/{c}/webhook-endpoints", company.id())
                .then().statusCode(201).extract().path("id");
    }

    private static String product(Credentials owner) {
        String sku = "SKU-V-" + uuid().substring(0, 8);
        given().auth().oauth2(owner.checkoutToken()).contentType(ContentType.JSON)
                .body(Map.of("sku", sku, "name", "Plan", "amountMinor", 100, "currency", "USD"))
                .post("/checkout/product").then().statusCode(lessThan(300));
        return sku;
    }
}
