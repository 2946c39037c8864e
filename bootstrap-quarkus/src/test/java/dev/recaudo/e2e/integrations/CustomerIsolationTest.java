package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two partners of one company naming the same taxpayer share one customer (one per tax identity),
 * but each reads and writes only its own view of it: contact data and external ids of one partner
 * never reach the other, whether it writes through a customer upsert, a document upsert or a
 * public invoice.
 */
@QuarkusTest
class CustomerIsolationTest {

    private static final String ALICE = "{\"type\":\"individual\",\"name\":\"Alice Real\",\"email\":\"alice@real.test\","
            + "\"phone\":\"+15550001111\",\"taxId\":\"V-11111111\",\"customerCode\":\"A-77\"}";

    private Tenants.Company company;
    private Tenants.Key erpA;
    private Tenants.Key erpB;

    @BeforeEach
    void twoPartnersOfOneCompany() {
        company = Tenants.company();
        erpA = company.key("erp a", Partner.ALL, "erpA");
        erpB = company.key("erp b", Partner.ALL, "erpB");
    }

    private static String document(String source, String externalDocumentId, String customerExternalId, String customer) {
        return "{\"source\":\"" + source + "\",\"externalDocumentId\":\"" + externalDocumentId + "\",\"customerExternalId\":\""
                + customerExternalId + "\",\"customer\":" + customer + ",\"currency\":\"USD\",\"lines\":[{\"quantity\":1,"
                + "\"unitAmountMinor\":1000,\"amountMinor\":1000}]}";
    }

    private static String customer(String source, String externalCustomerId, String profile) {
        return "{\"source\":\"" + source + "\",\"externalCustomerId\":\"" + externalCustomerId + "\"," + profile.substring(1);
    }

    private String path(String rest) {
        return "/integrations/v1/" + company.id() + rest;
    }

    /** erpA's document A-DOC for its customer A-C1, the taxpayer V-11111111. */
    private JsonPath aliceOfErpA() {
        return Integrations.post(erpA, path("/collection-documents/upsert"), document("erpA", "A-DOC", "A-C1", ALICE))
                .then().statusCode(201).extract().jsonPath();
    }

    private void assertErpASeesAlice() {
        Integrations.get(erpA, path("/collection-documents/A-DOC")).then().statusCode(200)
                .body("customer.name", equalTo("Alice Real"))
                .body("customer.email", equalTo("alice@real.test"))
                .body("customer.phone", equalTo("+15550001111"))
                .body("customer.taxId", equalTo("V-11111111"))
                .body("customer.customerCode", equalTo("A-77"));
        Integrations.get(erpA, path("/customers")).then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].externalCustomerId", equalTo("A-C1"))
                .body("items[0].name", equalTo("Alice Real"))
                .body("items[0].email", equalTo("alice@real.test"))
                .body("items[0].phone", equalTo("+15550001111"))
                .body("items[0].type", equalTo("individual"))
                .body("items[0].externalIntegrations", equalTo(List.of(Map.of("source", "erpA", "externalCustomerId", "A-C1"))));
    }

    @Test
    void givenErpAsCustomer_whenErpBUpsertsACustomerWithItsTaxId_thenErpASeesItsOwnDataAndErpBNeverSeesErpAs() {
        JsonPath alice = aliceOfErpA();
        String evil = "{\"name\":\"EVIL NAME\",\"email\":\"attacker@evil.test\",\"taxId\":\"V11111111\",\"phone\":\"+10000000\"}";
        JsonPath linked = Integrations.post(erpB, path("/customers/upsert"), customer("erpB", "B-X", evil))
                .then().statusCode(201).body("status", equalTo("created")).extract().jsonPath();
        // One customer per tax identity: the ids name the taxpayer the ledger and documents refer to.
        assertThat(linked.getString("companyCustomerId")).isEqualTo(alice.getString("companyCustomerId"));

        assertErpASeesAlice();
        String erpBsList = Integrations.get(erpB, path("/customers")).then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].externalCustomerId", equalTo("B-X"))
                .body("items[0].name", equalTo("EVIL NAME"))
                .body("items[0].email", equalTo("attacker@evil.test"))
                .body("items[0].taxId", equalTo("V11111111"))
                .body("items[0].externalIntegrations", equalTo(List.of(Map.of("source", "erpB", "externalCustomerId", "B-X"))))
                .extract().asString();
        assertThat(erpBsList).doesNotContain("A-C1", "erpA", "Alice", "alice@real.test", "+15550001111", "A-77");
        for (String search : List.of("alice", "A-C1", "A-77", "5550001111")) {
            Integrations.get(erpB, path("/customers"), "search=" + search).then().statusCode(200).body("items.size()", equalTo(0));
        }

        // erpB unchanged, then updated: still nothing of it reaches erpA.
        Integrations.post(erpB, path("/customers/upsert"), customer("erpB", "B-X", evil)).then().statusCode(200)
                .body("status", equalTo("unchanged"));
        Integrations.post(erpB, path("/customers/upsert"), customer("erpB", "B-X", evil.replace("EVIL NAME", "EVIL 2")))
                .then().statusCode(200).body("status", equalTo("updated"));
        assertErpASeesAlice();
    }

    @Test
    void givenErpAsCustomer_whenErpBUpsertsADocumentForItsTaxId_thenEachPartnerReadsItsOwnCustomerData() {
        aliceOfErpA();
        String evil = "{\"type\":\"business\",\"name\":\"EVIL DOC\",\"email\":\"attacker@evil.test\",\"phone\":\"+10000000\","
                + "\"taxId\":\"v-11.111.111\"}";
        Integrations.post(erpB, path("/collection-documents/upsert"), document("erpB", "B-DOC", "B-Y", evil))
                .then().statusCode(201)
                .body("customer.name", equalTo("EVIL DOC"))
                .body("customer.taxId", equalTo("v-11.111.111"));

        assertErpASeesAlice();
        String erpBsDocument = Integrations.get(erpB, path("/collection-documents/B-DOC")).then().statusCode(200)
                .body("customer.name", equalTo("EVIL DOC"))
                .body("customer.email", equalTo("attacker@evil.test"))
                .body("customer.customerCode", equalTo(null))
                .extract().asString();
        assertThat(erpBsDocument).doesNotContain("Alice", "alice@real.test", "A-C1", "A-77");

        // Payments show the paying partner's customer data too.
        Integrations.post(erpA, path("/verified-payments"), "{\"source\":\"erpA\",\"externalPaymentId\":\"PA-1\","
                + "\"customerExternalId\":\"A-C1\",\"amountMinor\":400,\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\","
                + "\"documents\":[{\"externalDocumentId\":\"A-DOC\",\"amountMinor\":400}]}")
                .then().statusCode(200).body("status", equalTo("applied"))
                .body("customer.name", equalTo("Alice Real")).body("customer.email", equalTo("alice@real.test"));
        Integrations.post(erpB, path("/verified-payments"), "{\"source\":\"erpB\",\"externalPaymentId\":\"PB-1\","
                + "\"customerExternalId\":\"B-Y\",\"amountMinor\":400,\"currency\":\"USD\",\"verifiedAt\":\"2026-11-22T10:00:00Z\","
                + "\"documents\":[{\"externalDocumentId\":\"B-DOC\",\"amountMinor\":400}]}")
                .then().statusCode(200).body("customer.name", equalTo("EVIL DOC"));
        Integrations.get(erpA, path("/payments/PA-1")).then().statusCode(200).body("customer.name", equalTo("Alice Real"));

        // erpA's own updates still apply, to erpA's view only.
        Integrations.post(erpA, path("/customers/upsert"), customer("erpA", "A-C1", ALICE.replace("Alice Real", "Alice Renamed")))
                .then().statusCode(200).body("status", equalTo("updated"));
        Integrations.get(erpA, path("/collection-documents/A-DOC")).then().body("customer.name", equalTo("Alice Renamed"));
        Integrations.get(erpA, path("/payments/PA-1")).then().body("customer.name", equalTo("Alice Renamed"));
        Integrations.get(erpB, path("/collection-documents/B-DOC")).then().body("customer.name", equalTo("EVIL DOC"));
    }

    @Test
    void givenErpAsCustomer_whenErpBCreatesAPublicInvoiceForItsTaxId_thenNeitherReadsTheOthersData() {
        aliceOfErpA();
        Tenants.Key erpBInvoices = company.key("erp b invoices", Invoices.READ_WRITE, "erpB");
        Map<String, Object> invoice = Invoices.body();
        invoice.put("provider", "erpB");
        invoice.put("provider_id", "B-INV");
        invoice.put("reference", "V 11111111");
        invoice.put("name", "EVIL INVOICE");
        invoice.put("email", "attacker@evil.test");
        invoice.put("phone", "+10000000");
        Invoices.create(erpBInvoices, invoice);

        assertErpASeesAlice();
        String erpBsDocument = Integrations.get(erpB, path("/collection-documents/B-INV")).then().statusCode(200)
                .body("customer.name", equalTo("EVIL INVOICE"))
                .body("customer.email", equalTo("attacker@evil.test"))
                .body("customer.phone", equalTo("+10000000"))
                .body("customer.taxId", equalTo("V 11111111"))
                .extract().asString();
        assertThat(erpBsDocument).doesNotContain("Alice", "alice@real.test", "A-C1", "A-77");
    }

    @Test
    void givenTwoCustomersOfOnePartner_whenOneTakesTheOthersTaxId_then409AndNothingChanges() {
        aliceOfErpA();
        Integrations.post(erpA, path("/customers/upsert"), customer("erpA", "A-C2", "{\"name\":\"Bob\",\"taxId\":\"V-22222222\"}"))
                .then().statusCode(201);
        Integrations.post(erpA, path("/customers/upsert"), customer("erpA", "A-C2", "{\"name\":\"Bob\",\"taxId\":\"V-11111111\"}"))
                .then().statusCode(409).body("error.code", equalTo("conflict"));
        Integrations.post(erpA, path("/collection-documents/upsert"),
                document("erpA", "A-DOC-2", "A-C2", "{\"name\":\"Bob\",\"taxId\":\"V11111111\"}"))
                .then().statusCode(409).body("error.code", equalTo("conflict"));
        Integrations.get(erpA, path("/customers"), "search=Bob").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].taxId", equalTo("V-22222222"));
        Integrations.get(erpA, path("/collection-documents/A-DOC-2")).then().statusCode(404);
    }

    @Test
    void givenALinkedCustomer_whenItsPartnerSendsAnotherTaxIdentity_then409BecauseTheCustomerIsItsTaxIdentity() {
        aliceOfErpA();
        Integrations.post(erpA, path("/customers/upsert"), customer("erpA", "A-C1", ALICE.replace("V-11111111", "V-33333333")))
                .then().statusCode(409).body("error.code", equalTo("conflict"));
        // Another spelling of the same identity is an update.
        Integrations.post(erpA, path("/customers/upsert"), customer("erpA", "A-C1", ALICE.replace("V-11111111", "v 11.111.111")))
                .then().statusCode(200).body("status", equalTo("updated"));
    }

    @Test
    void givenAKeyWithoutSource_whenListingCustomers_thenItSeesEveryPartnersLinks() {
        aliceOfErpA();
        Integrations.post(erpB, path("/customers/upsert"), customer("erpB", "B-X", "{\"name\":\"EVIL\",\"taxId\":\"V11111111\"}"))
                .then().statusCode(201);
        Tenants.Key operatorView = company.createKey(Map.of("name", "back office", "permissions", List.of("customers:read")));
        Integrations.get(operatorView, path("/customers")).then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].externalCustomerId", equalTo("A-C1"))
                .body("items[0].name", equalTo("Alice Real"))
                .body("items[0].externalIntegrations", equalTo(List.of(
                        Map.of("source", "erpA", "externalCustomerId", "A-C1"),
                        Map.of("source", "erpB", "externalCustomerId", "B-X"))));
        Integrations.get(operatorView, path("/customers"), "source=erpB").then().statusCode(200)
                .body("items.size()", equalTo(1))
                .body("items[0].externalCustomerId", equalTo("B-X"))
                .body("items[0].name", equalTo("EVIL"))
                .body("items[0].externalIntegrations.size()", equalTo(2));
    }
}
