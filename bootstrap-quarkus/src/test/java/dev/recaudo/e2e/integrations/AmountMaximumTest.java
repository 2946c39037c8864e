package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The integrations API's maximum amount (10^15 minor units per amount, docs/decisions.md): above
 * it a request is a 400 naming the field and writes nothing, so no sum or conversion of accepted
 * amounts can overflow.
 */
@QuarkusTest
class AmountMaximumTest {

    private static final long AMOUNT_MINOR_MAX = 1_000_000_000_000_000L;

    /** A 400 whose message has each field as the subject of a sentence ("f must ...", "...; f must ..."). */
    private static void assertRefused(Response response, String... fields) {
        response.then().statusCode(400).body("error.code", equalTo("validation_error"));
        String message = response.jsonPath().getString("error.message");
        for (String field : fields) {
            assertThat(message).as(field).matches("(?s)(|.*: |.*; )" + Pattern.quote(field) + " .*");
        }
    }

    private static String rate(String refAmountMinor, String exchangeRateUsed) {
        return "{\"refCurrency\":\"VES\",\"refAmountMinor\":" + refAmountMinor + ",\"exchangeRateUsed\":\"" + exchangeRateUsed
                + "\",\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"V\",\"amountMinor\":1}]}";
    }

    private static long count(String table, Partner partner) {
        return Sql.count("SELECT count(*) FROM " + table + " WHERE company_id = ?", partner.key.company().id());
    }

    @Test
    void givenTwoListedDocumentsAtTheLargestLong_whenPaying_then400NamingThemAndNothingWritten() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.createDocument("B", "C-1", "USD", 1000);
        assertRefused(partner.pay("P-1", "C-1", Long.MAX_VALUE, "USD", "A", Long.MAX_VALUE, "B", Long.MAX_VALUE),
                "amountMinor", "documents[0].amountMinor", "documents[1].amountMinor");
        assertRefused(partner.pay("P-1", "C-1", AMOUNT_MINOR_MAX + 1, "USD", "A", 1000), "amountMinor");
        partner.get("/payments/P-1").then().statusCode(404);
        assertThat(count("payments", partner)).isZero();
        assertThat(Sql.count("SELECT count(*) FROM ledger_transfers WHERE company_id = ? AND payment_id IS NOT NULL",
                partner.key.company().id())).isZero();
    }

    @Test
    void givenAmountsAtTheMaximum_whenUpsertingAndPaying_thenAccepted() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", AMOUNT_MINOR_MAX);
        partner.pay("P-1", "C-1", AMOUNT_MINOR_MAX, "USD", "A", AMOUNT_MINOR_MAX).then().statusCode(200)
                .body("status", equalTo("applied"));
    }

    @Test
    void givenLineAmountsOrTotalAboveTheMaximum_whenUpserting_then400NamingTheFieldAndNothingWritten() {
        Partner partner = Partner.create();
        String above = Long.toString(AMOUNT_MINOR_MAX + 1);
        assertRefused(partner.post("/collection-documents/upsert", Partner.document("D-1", "C-1", "USD", AMOUNT_MINOR_MAX + 1)),
                "lines[0].unitAmountMinor", "lines[0].amountMinor");
        String twoLines = Partner.document("D-1", "C-1", "USD", 600_000_000_000_000L).replace("\"lines\":[",
                "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":600000000000000,\"amountMinor\":600000000000000},");
        assertRefused(partner.post("/collection-documents/upsert", twoLines), "lines");
        String total = Partner.document("D-1", "C-1", "USD", 1000).replace("\"lines\"", "\"totalMinor\":" + above + ",\"lines\"");
        assertRefused(partner.post("/collection-documents/upsert", total), "totalMinor");
        String longMax = Partner.document("D-1", "C-1", "USD", 1).replace("\"lines\":[",
                "\"lines\":[{\"quantity\":1,\"unitAmountMinor\":" + Long.MAX_VALUE + ",\"amountMinor\":" + Long.MAX_VALUE + "},");
        assertRefused(partner.post("/collection-documents/upsert", longMax), "lines[0].unitAmountMinor");
        partner.get("/collection-documents/D-1").then().statusCode(404);
        assertThat(count("collection_documents", partner)).isZero();
    }

    @Test
    void givenACertifiedRateConvertingAboveTheMaximum_whenCertifying_then400NamingTheFieldAndNothingWritten() {
        Partner partner = Partner.create();
        partner.createDocument("V", "C-1", "VES", 1000);
        partner.pay("P-1", "C-1", AMOUNT_MINOR_MAX, "USD", "V", 1).then().statusCode(200)
                .body("status", equalTo("needs_certified_rate"));
        long transfers = count("ledger_transfers", partner);
        // 10^13 USD x 36.5 = 3.65 x 10^14 VES, 3.65 x 10^16 minor units: a conversion above the maximum.
        assertRefused(partner.post("/payments/P-1/certified-rate", rate("100", "36.5")), "exchangeRateUsed");
        assertRefused(partner.post("/payments/P-1/certified-rate", rate("36500000000000000", "36.5")), "refAmountMinor");
        assertRefused(partner.post("/payments/P-1/certified-rate", rate("100", "9999999999999999999")), "exchangeRateUsed");
        assertRefused(partner.post("/payments/P-1/certified-rate", rate(Long.toString(Long.MAX_VALUE), "1")), "refAmountMinor");
        partner.get("/payments/P-1").then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        assertThat(count("exchange_rates", partner)).isZero();
        assertThat(count("ledger_transfers", partner)).isEqualTo(transfers);
    }

    @Test
    void givenAPaymentStoredAtTheLargestLongBeforeTheMaximum_whenCertifying_then400NamingTheRateAndNothingWritten() {
        Partner partner = Partner.create();
        partner.createDocument("V", "C-1", "VES", 1000);
        partner.pay("P-1", "C-1", 1000, "USD", "V", 1).then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        // A payment accepted before there was a maximum.
        Sql.execute("UPDATE payments SET amount_minor = ? WHERE company_id = ? AND external_payment_id = 'P-1'",
                Long.MAX_VALUE, partner.key.company().id());
        try {
            for (String exchangeRateUsed : new String[] {"36.5", "9999999999999999999"}) {
                assertRefused(partner.post("/payments/P-1/certified-rate", rate("100", exchangeRateUsed)), "exchangeRateUsed");
            }
            partner.get("/payments/P-1").then().statusCode(200).body("status", equalTo("needs_certified_rate"));
            assertThat(count("exchange_rates", partner)).isZero();
        } finally {
            // The row no longer matches its ledger money (I3): put it back, so that tests checking the invariants over
            // the shared database, whatever their order, find only their own rows' violations.
            Sql.execute("UPDATE payments SET amount_minor = 1000 WHERE company_id = ? AND external_payment_id = 'P-1'",
                    partner.key.company().id());
        }
    }
}
