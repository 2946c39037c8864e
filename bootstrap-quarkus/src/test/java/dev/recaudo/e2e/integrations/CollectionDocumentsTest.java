package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CollectionDocumentsTest {

    @Test
    void givenNewDocument_whenUpserting_thenCustomerSynchronizedAndDocumentWithLinesCreated() {
        Partner partner = Partner.create();
        String body = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"INV-1\",\"customerExternalId\":\"C-1\","
                + "\"customer\":{\"type\":\"individual\",\"name\":\"Ana Pérez\",\"email\":\"ana@example.test\",\"taxId\":\"V-1.234\"},"
                + "\"currency\":\"usd\",\"totalMinor\":2550,\"invoiceNumber\":\"F-001\",\"issueDate\":\"2026-11-01T00:00:00Z\","
                + "\"dueDate\":\"2026-11-30T23:59:59-04:00\",\"metadata\":{\"branch\":7},\"lines\":["
                + "{\"quantity\":2,\"unitAmountMinor\":1000,\"amountMinor\":2000,\"description\":\"Plan\","
                + "\"periodStart\":\"2026-11-01T00:00:00Z\",\"periodEnd\":\"2026-11-30T23:59:59Z\"},"
                + "{\"quantity\":1,\"unitAmountMinor\":550,\"amountMinor\":550}]}";
        JsonPath document = partner.post("/collection-documents/upsert", body).then().statusCode(201)
                .body("externalDocumentId", equalTo("INV-1"))
                .body("customerExternalId", equalTo("C-1"))
                .body("customer.name", equalTo("Ana Pérez"))
                .body("customer.taxId", equalTo("V-1.234"))
                .body("currency", equalTo("USD"))
                .body("totalMinor", equalTo(2550))
                .body("balanceMinor", equalTo(2550))
                .body("status", equalTo("open"))
                .body("lines.size()", equalTo(2))
                .body("lines[0].amountMinor", equalTo(2000))
                .body("appliedPayments.size()", equalTo(0))
                .body("dueDate", equalTo("2026-12-01T03:59:59Z"))
                .body("metadata.branch", equalTo(7))
                .extract().jsonPath();
        partner.get("/customers").then().body("items[0].externalCustomerId", equalTo("C-1"))
                .body("items[0].companyCustomerId", equalTo(document.getString("companyCustomerId")));
        partner.get("/collection-documents/INV-1").then().statusCode(200)
                .body("invoiceId", equalTo(document.getString("invoiceId")))
                .body("lines.size()", equalTo(2));
        assertThat(LedgerChecks.receivableMinor(document.getString("invoiceId"))).isEqualTo(2550);
    }

    @Test
    void givenChangedOrSameDocument_whenUpsertingAgain_thenUpdatedOrUnchanged() {
        Partner partner = Partner.create();
        String id = partner.createDocument("INV-2", "C-1", "USD", 1000).getString("invoiceId");
        partner.post("/collection-documents/upsert", Partner.document("INV-2", "C-1", "USD", 1500)).then().statusCode(200)
                .body("invoiceId", equalTo(id))
                .body("totalMinor", equalTo(1500))
                .body("balanceMinor", equalTo(1500));
        long version = Sql.count("SELECT version FROM collection_documents WHERE id = ?::uuid", id);
        partner.post("/collection-documents/upsert", Partner.document("INV-2", "C-1", "USD", 1500)).then().statusCode(200);
        assertThat(Sql.count("SELECT version FROM collection_documents WHERE id = ?::uuid", id)).isEqualTo(version);
        assertThat(LedgerChecks.receivableMinor(id)).isEqualTo(1500);
        partner.post("/collection-documents/upsert", Partner.document("INV-2", "C-9", "USD", 1500)).then().statusCode(409)
                .body("error.code", equalTo("conflict"));
        partner.post("/collection-documents/upsert", Partner.document("INV-2", "C-1", "VES", 1500)).then().statusCode(409);
    }

    @Test
    void givenPaymentsApplied_whenChangingTotal_thenConflictAndLedgerKept() {
        Partner partner = Partner.create();
        String id = partner.createDocument("INV-3", "C-1", "USD", 1000).getString("invoiceId");
        partner.pay("P-1", "C-1", 400, "USD", "INV-3", 400).then().statusCode(200).body("status", equalTo("applied"));
        partner.post("/collection-documents/upsert", Partner.document("INV-3", "C-1", "USD", 900)).then().statusCode(409)
                .body("error.code", equalTo("conflict"));
        assertThat(LedgerChecks.receivableMinor(id)).isEqualTo(600);
        partner.get("/collection-documents/INV-3").then()
                .body("status", equalTo("partially_paid"))
                .body("appliedPayments[0].externalPaymentId", equalTo("P-1"))
                .body("appliedPayments[0].amountMinor", equalTo(400));
    }

    @Test
    void givenBadLinesOrTotals_whenUpserting_then400ValidationError() {
        Partner partner = Partner.create();
        String base = "{\"source\":\"acme-erp\",\"externalDocumentId\":\"X\",\"customerExternalId\":\"C\","
                + "\"customer\":{\"name\":\"N\"},\"currency\":\"USD\",";
        for (String tail : List.of(
                "\"totalMinor\":999,\"lines\":[{\"quantity\":1,\"unitAmountMinor\":1000,\"amountMinor\":1000}]}",
                "\"lines\":[{\"quantity\":3,\"unitAmountMinor\":1000,\"amountMinor\":2000}]}",
                "\"lines\":[{\"quantity\":9223372036854775807,\"unitAmountMinor\":2,\"amountMinor\":1}]}",
                "\"lines\":[{\"quantity\":0,\"unitAmountMinor\":2,\"amountMinor\":0}]}",
                "\"lines\":[]}",
                "\"lines\":[{\"quantity\":1.5,\"unitAmountMinor\":2,\"amountMinor\":3}]}",
                "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":0,\"amountMinor\":0}]}",
                "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":9223372036854775807,\"amountMinor\":9223372036854775807},"
                        + "{\"quantity\":1,\"unitAmountMinor\":1,\"amountMinor\":1}]}")) {
            partner.post("/collection-documents/upsert", base + tail).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"));
        }
        partner.post("/collection-documents/upsert", base.replace("\"USD\"", "\"EUR\"")
                + "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":1,\"amountMinor\":1}]}").then().statusCode(400);
        partner.post("/collection-documents/upsert", base.replace("acme-erp", "other")
                + "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":1,\"amountMinor\":1}]}").then().statusCode(403)
                .body("error.code", equalTo("source_mismatch"));
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenInvalidCustomerOrTexts_whenUpserting_then400NamingEachFieldInOneAnswer() {
        Partner partner = Partner.create();
        String body = Partner.document("D-1", "C-1", "USD", 1000)
                .replace("\"type\":\"business\"", "\"type\":\"person\",\"email\":\"ana@\"")
                .replace("\"F-D-1\"", "\"" + "F".repeat(101) + "\"");
        partner.post("/collection-documents/upsert", body).then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.message", equalTo("The request is invalid: customer.type must be individual or business; "
                        + "customer.email must be a valid e-mail address; invoiceNumber must have at most 100 characters"));
        partner.post("/collection-documents/upsert", body.replaceAll("\"customer\":\\{[^}]*\\},", "")).then().statusCode(400)
                .body("error.message", equalTo("The request is invalid: customer is required: the customer is synchronized"
                        + " with the document; invoiceNumber must have at most 100 characters"));
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenDocument_whenCanceled_thenAnnulledIdempotentlyAndRefusedWhenPaid() {
        Partner partner = Partner.create();
        String id = partner.createDocument("INV-4", "C-1", "USD", 1000).getString("invoiceId");
        partner.post("/collection-documents/INV-4/cancel", "").then().statusCode(200).body("status", equalTo("canceled"))
                .body("balanceMinor", equalTo(0));
        partner.post("/collection-documents/INV-4/cancel", "").then().statusCode(200).body("status", equalTo("canceled"));
        assertThat(LedgerChecks.receivableMinor(id)).isZero();
        partner.createDocument("INV-5", "C-1", "USD", 1000);
        partner.pay("P-5", "C-1", 1000, "USD", "INV-5", 1000).then().statusCode(200);
        String before = partner.get("/collection-documents/INV-5").asString();
        partner.post("/collection-documents/INV-5/cancel", "").then().statusCode(409).body("error.code", equalTo("conflict"));
        assertThat(partner.get("/collection-documents/INV-5").asString()).isEqualTo(before);
        partner.post("/collection-documents/NOPE/cancel", "").then().statusCode(404).body("error.code", equalTo("not_found"));
    }

    @Test
    void givenSameIdempotencyKey_whenBodyDiffers_then409IdempotencyConflict() {
        Partner partner = Partner.create();
        String key = UUID.randomUUID().toString();
        partner.post("/collection-documents/upsert", Partner.document("INV-6", "C-1", "USD", 100), key).then().statusCode(201);
        partner.post("/collection-documents/upsert", Partner.document("INV-6", "C-1", "USD", 100), key).then().statusCode(201);
        partner.post("/collection-documents/upsert", Partner.document("INV-6", "C-1", "USD", 200), key).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));
    }

    @Test
    void givenDocuments_whenListingWithFiltersAndCursor_thenEachOnceInUpdateOrder() {
        Partner partner = Partner.create();
        for (int i = 0; i < 5; i++) {
            partner.createDocument("L-" + i, i % 2 == 0 ? "C-even" : "C-odd", i == 4 ? "VES" : "USD", 100L * (i + 1));
        }
        partner.post("/collection-documents/L-0/cancel", "").then().statusCode(200);
        Integrations.awaitChangeFeeds();
        List<String> seen = new ArrayList<>();
        String cursor = null;
        boolean hasMore;
        do {
            JsonPath page = partner.get("/collection-documents", "limit=2" + (cursor == null ? "" : "&cursor=" + cursor))
                    .then().statusCode(200).extract().jsonPath();
            seen.addAll(page.getList("items.externalDocumentId"));
            cursor = page.getString("pagination.nextCursor");
            hasMore = page.getBoolean("pagination.hasMore");
        } while (hasMore);
        assertThat(seen).containsExactly("L-1", "L-2", "L-3", "L-4", "L-0");
        partner.get("/collection-documents", "status=canceled").then().body("items.size()", equalTo(1));
        partner.get("/collection-documents", "status=open&currency=USD").then().body("items.size()", equalTo(3));
        partner.get("/collection-documents", "customerExternalId=C-odd").then().body("items.size()", equalTo(2));
        partner.get("/collection-documents", "balanceMin=250&balanceMax=450").then().body("items.size()", equalTo(2));
        partner.get("/collection-documents", "externalDocumentId=L-3").then().body("items[0].totalMinor", equalTo(400));
        partner.get("/collection-documents", "updatedSince=2999-01-01T00:00:00Z").then().body("items.size()", equalTo(0));
        partner.get("/collection-documents", "status=lost").then().statusCode(400);
        partner.get("/collection-documents", "source=another-partner").then().statusCode(403)
                .body("error.code", equalTo("forbidden"));
        partner.get("/payments", "source=another-partner").then().statusCode(403);
        partner.get("/customers", "source=another-partner").then().statusCode(403);
        partner.get("/collection-documents", "source=acme-erp").then().statusCode(200).body("items.size()", equalTo(5));
        partner.get("/collection-documents", "updatedSince=yesterday").then().statusCode(400);
        partner.get("/collection-documents", "cursor=forged.cursor").then().statusCode(400);
        partner.get("/collection-documents/L-1").then().body("pagination", equalTo(null)).body("issueDate", equalTo(null))
                .body("createdAt", notNullValue());
    }
}
