package dev.recaudo.e2e.integrations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A company without financial configuration (no reference currency) answers 503 on every money
 * operation of every family, changes nothing, and still answers reads.
 */
@QuarkusTest
class FinancialConfigurationTest {

    private static final String RATE = "{\"refCurrency\":\"VES\",\"refAmountMinor\":365000,\"exchangeRateUsed\":\"36.5\","
            + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"V\",\"amountMinor\":365000}]}";

    private static void removeFinancialConfiguration(Tenants.Company company) {
        Map<String, Object> patch = new HashMap<>();
        patch.put("referenceCurrency", null);
        company.patch(patch);
    }

    private static long ledgerTransfers(Tenants.Company company) {
        return Sql.count("SELECT count(*) FROM ledger_transfers WHERE company_id = ?", company.id());
    }

    @Test
    void givenNoReferenceCurrency_whenAnyIntegrationsMoneyOperation_then503AndNothingChanges() {
        Partner partner = Partner.create();
        Tenants.Company company = partner.key.company();
        String open = partner.createDocument("A", "C-1", "USD", 1000).getString("invoiceId");
        partner.createDocument("V", "C-1", "VES", 365000);
        partner.pay("P-1", "C-1", 10000, "USD", "V", 365000).then().body("status", equalTo("needs_certified_rate"));
        removeFinancialConfiguration(company);
        long transfers = ledgerTransfers(company);

        List<Response> answers = new ArrayList<>();
        answers.add(partner.post("/collection-documents/upsert", Partner.document("NEW", "C-1", "USD", 500)));
        answers.add(partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 2000)));
        answers.add(partner.post("/collection-documents/A/cancel", ""));
        answers.add(partner.pay("P-2", "C-1", 1000, "USD", "A", 1000));
        answers.add(partner.post("/payments/P-1/certified-rate", RATE));
        for (Response answer : answers) {
            answer.then().statusCode(503).body("error.code", equalTo("service_unavailable"));
        }

        assertThat(ledgerTransfers(company)).isEqualTo(transfers);
        assertThat(LedgerChecks.receivableMinor(open)).isEqualTo(1000);
        partner.get("/collection-documents/A").then().statusCode(200).body("status", equalTo("open"))
                .body("totalMinor", equalTo(1000));
        partner.get("/collection-documents/NEW").then().statusCode(404);
        partner.get("/payments/P-1").then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        partner.get("/payments/P-2").then().statusCode(404);
        partner.get("/payments").then().statusCode(200);
        // Customers carry no money: their synchronization goes on.
        partner.post("/customers/upsert", "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-9\",\"type\":\"business\","
                + "\"name\":\"Cliente nueve\"}").then().statusCode(201);
    }

    @Test
    void givenNoReferenceCurrency_whenAnySandboxControl_then503WithErrorsConfiguration() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.testKey(company);
        JsonPath payable = Invoices.create(key);
        JsonPath paid = Invoices.create(key);
        Invoices.completeCheckout(key, paid.getString("payment.id")).then().statusCode(200);
        removeFinancialConfiguration(company);
        long transfers = ledgerTransfers(company);

        List<Response> answers = List.of(
                Invoices.completeCheckout(key, payable.getString("payment.id")),
                given().header("X-API-Key", key.secret()).post("/sandbox/checkouts/{id}/fail", payable.getString("payment.id")),
                given().header("X-API-Key", key.secret()).post("/sandbox/invoices/{id}/conciliate", paid.getString("id")));
        for (Response answer : answers) {
            answer.then().statusCode(503).body("code", equalTo(10103)).body("errors", hasKey("configuration"));
        }

        assertThat(ledgerTransfers(company)).isEqualTo(transfers);
        Invoices.get(key, payable.getString("id")).then().statusCode(200).body("status", equalTo("CREATED"))
                .body("payment.status", equalTo("PENDING"));
        Invoices.get(key, paid.getString("id")).then().statusCode(200).body("status", equalTo("PAID"));
    }
}
