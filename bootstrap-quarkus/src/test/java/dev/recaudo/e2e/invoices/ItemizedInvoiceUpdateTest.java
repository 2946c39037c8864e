package dev.recaudo.e2e.invoices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A document upserted with lines owes the sum of its lines. The public {@code PUT} may describe it
 * again but not give it another amount: only the partner's lines change its total.
 */
@QuarkusTest
class ItemizedInvoiceUpdateTest {

    private static final String MIXED = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"MIX-1\",\"customerExternalId\":\"C-1\","
            + "\"customer\":{\"name\":\"Mixed\",\"taxId\":\"J-5555555\"},\"currency\":\"USD\",\"lines\":["
            + "{\"quantity\":1,\"unitAmountMinor\":500,\"amountMinor\":500},{\"quantity\":1,\"unitAmountMinor\":500,\"amountMinor\":500}]}";

    private static long transfers(String invoiceId) {
        return Sql.count("SELECT count(*) FROM ledger_transfers WHERE document_id = ?::uuid", invoiceId);
    }

    @Test
    void givenADocumentWithLines_whenAPublicPutChangesItsAmount_then409OnAmountAndNothingChanges() {
        Partner partner = Partner.create();
        Tenants.Key invoices = partner.key.company().key("public", Invoices.READ_WRITE, "acme-erp");
        String id = partner.post("/collection-documents/upsert", MIXED).then().statusCode(201)
                .body("totalMinor", equalTo(1000)).extract().path("invoiceId");
        long version = Sql.count("SELECT version FROM collection_documents WHERE id = ?::uuid", id);
        long transfersBefore = transfers(id);
        String checkoutBefore = Invoices.get(invoices, id).then().statusCode(200).extract().path("payment.id");

        Invoices.put(invoices, id, Map.of("reference", "J-5555555", "amount", 15, "name", "Mixed"))
                .then().statusCode(409)
                .body("code", equalTo(10009))
                .body("code_name", equalTo("conflict"))
                .body("errors.amount[0]", equalTo("The invoice's total is the sum of its lines (10.00): "
                        + "only a new set of lines from its partner changes it"));

        assertThat(Sql.count("SELECT version FROM collection_documents WHERE id = ?::uuid", id)).isEqualTo(version);
        assertThat(transfers(id)).isEqualTo(transfersBefore);
        assertThat(LedgerChecks.receivableMinor(id)).isEqualTo(1000);
        JsonPath document = partner.get("/collection-documents/MIX-1").then().statusCode(200).extract().jsonPath();
        assertThat(document.getLong("totalMinor")).isEqualTo(1000);
        assertThat(document.getList("lines.amountMinor", Long.class).stream().mapToLong(Long::longValue).sum()).isEqualTo(1000);
        Invoices.get(invoices, id).then().body("amount", equalTo(10.0f)).body("payment.id", equalTo(checkoutBefore));
    }

    @Test
    void givenADocumentWithLines_whenAPublicPutKeepsItsAmount_thenTheInformationIsUpdated() {
        Partner partner = Partner.create();
        Tenants.Key invoices = partner.key.company().key("public", Invoices.READ_WRITE, "acme-erp");
        String id = partner.post("/collection-documents/upsert", MIXED).then().statusCode(201).extract().path("invoiceId");

        Invoices.put(invoices, id, Map.of("reference", "J-5555555", "amount", 10, "name", "Mixed, described",
                "description", "Two services")).then().statusCode(200)
                .body("amount", equalTo(10.0f))
                .body("name", equalTo("Mixed, described"))
                .body("description", equalTo("Two services"));
        assertThat(LedgerChecks.receivableMinor(id)).isEqualTo(1000);
        // The partner's identical upsert finds the same total: nothing to book back.
        partner.post("/collection-documents/upsert", MIXED).then().statusCode(200).body("totalMinor", equalTo(1000));
        assertThat(LedgerChecks.receivableMinor(id)).isEqualTo(1000);
    }
}
