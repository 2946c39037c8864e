package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every date and date-time the API reads lies in the years 1900 to 9999 (docs/decisions.md, "Text
 * and dates in requests"): one beyond what PostgreSQL stores, or before 1900, is the family's
 * validation answer naming the field, never a 500; nothing is written and nothing logged as an error.
 */
@QuarkusTest
class DateRangeTest {

    private static final List<String> FAR_DATE_TIMES = List.of("+999999999-12-31T23:59:59Z", "-1000-01-01T00:00:00Z",
            "1899-12-31T23:59:59Z", "9999-12-31T23:00:00-05:00");
    private static final List<String> FAR_DATES = List.of("+999999999-11-20", "0000-01-01", "1899-12-31", "+10000-01-01");

    private static void assertIntegrationsRefusal(Response response, String field) {
        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message")).contains(" " + field + " must be")
                .contains("from 1900-01-01");
    }

    @Test
    void givenFarDatesInAVerifiedPaymentOrACertifiedRate_whenSent_then400NamingTheFieldAndNothingWritten() throws Exception {
        Partner partner = Partner.create();
        partner.payAwaitingRate("P-RATE");
        try (LogCapture log = LogCapture.of("")) {
            for (String verifiedAt : FAR_DATE_TIMES) {
                assertIntegrationsRefusal(partner.post("/verified-payments", Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000)
                        .replace("2026-11-22T10:00:00Z", verifiedAt)), "verifiedAt");
            }
            for (String effectiveDate : FAR_DATES) {
                assertIntegrationsRefusal(partner.post("/payments/P-RATE/certified-rate", "{\"refCurrency\":\"USD\","
                        + "\"refAmountMinor\":1000,\"exchangeRateUsed\":\"0.0274\",\"effectiveDate\":\"" + effectiveDate + "\","
                        + "\"documents\":[{\"externalDocumentId\":\"A\",\"amountMinor\":1000}]}"), "effectiveDate");
            }
            log.assertNoErrorLogged();
        }
        partner.get("/payments/P-RATE").then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        partner.get("/payments/P-1").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM exchange_rates WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenFarDatesInADocument_whenUpserting_then400NamingTheFieldAndNothingWritten() throws Exception {
        Partner partner = Partner.create();
        String document = Partner.document("D-1", "C-1", "USD", 1000);
        try (LogCapture log = LogCapture.of("")) {
            for (String far : FAR_DATE_TIMES) {
                for (String field : List.of("dueDate", "issueDate")) {
                    assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("\"currency\"",
                            "\"" + field + "\":\"" + far + "\",\"currency\"")), field);
                }
                assertIntegrationsRefusal(partner.post("/collection-documents/upsert", document.replace("\"description\"",
                        "\"periodStart\":\"" + far + "\",\"description\"")), "lines[0].periodStart");
            }
            log.assertNoErrorLogged();
        }
        partner.get("/collection-documents/D-1").then().statusCode(404);
        assertThat(Sql.count("SELECT count(*) FROM customers WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenFarDatesInListFilters_whenListing_then400NamingTheParameter() throws Exception {
        Partner partner = Partner.create();
        try (LogCapture log = LogCapture.of("")) {
            for (String far : List.of("%2B999999999-12-31T23:59:59Z", "-1000-01-01T00:00:00Z")) {
                for (String filter : List.of("updatedSince", "dueDateFrom", "issueDateTo")) {
                    assertIntegrationsRefusal(partner.get("/collection-documents", filter + "=" + far), filter);
                }
                for (String filter : List.of("updatedSince", "paidFrom", "paidTo")) {
                    assertIntegrationsRefusal(partner.get("/payments", filter + "=" + far), filter);
                }
            }
            log.assertNoErrorLogged();
        }
        partner.get("/payments", "updatedSince=9999-12-31T23:59:59Z").then().statusCode(200);
    }

    @Test
    void givenFarDueDateOfAnInvoice_whenCreatingOrReplacing_then422NamingDueDateAndNothingWritten() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        try (LogCapture log = LogCapture.of("")) {
            for (String dueDate : FAR_DATES) {
                Map<String, Object> created = Invoices.body();
                created.put("due_date", dueDate);
                Response create = Invoices.post(key, created);
                Envelopes.assertPublic(create, 422, 10001);
                assertThat(create.jsonPath().getMap("errors")).containsOnlyKeys("due_date");
                Map<String, Object> replacement = Invoices.replacement(20);
                replacement.put("due_date", dueDate);
                Response replace = Invoices.put(key, id, replacement);
                Envelopes.assertPublic(replace, 422, 10001);
                assertThat(replace.jsonPath().getMap("errors")).containsOnlyKeys("due_date");
            }
            log.assertNoErrorLogged();
        }
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", key.company().id()))
                .isEqualTo(1);
        Invoices.get(key, id).then().statusCode(200).body("due_date", nullValue());
    }
}
