package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every outcome of the verified-payments table, and the certified-rate continuation. */
@QuarkusTest
class VerifiedPaymentsTest {

    private static void assertMoneyKept(JsonPath payment) {
        long amount = payment.getLong("amountMinor");
        long applied = payment.getLong("totalAppliedMinor");
        long credit = payment.getLong("creditCreatedMinor");
        long unapplied = payment.getLong("unappliedMinor");
        assertThat(applied + credit + unapplied).isEqualTo(amount);
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + payment.getString("paymentId"))).isEqualTo(-unapplied);
    }

    @Test
    void givenAmountEqualToListedOpenBalances_whenPaying_thenApplied() {
        Partner partner = Partner.create();
        String a = partner.createDocument("A", "C-1", "USD", 1000).getString("invoiceId");
        String b = partner.createDocument("B", "C-1", "USD", 500).getString("invoiceId");
        JsonPath payment = partner.pay("P-1", "C-1", 1500, "USD", "A", 1000, "B", 500).then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("paymentId", notNullValue())
                .body("source", equalTo("acme-erp"))
                .body("externalPaymentId", equalTo("P-1"))
                .body("customerExternalId", equalTo("C-1"))
                .body("paymentCurrency", equalTo("USD"))
                .body("applicationCurrency", equalTo("USD"))
                .body("totalAppliedMinor", equalTo(1500))
                .body("creditCreatedMinor", equalTo(0))
                .body("documents.size()", equalTo(2))
                .body("documents[0].externalDocumentId", equalTo("A"))
                .body("documents[0].appliedMinor", equalTo(1000))
                .body("documents[0].balanceMinor", equalTo(0))
                .body("documents[0].status", equalTo("applied"))
                .extract().jsonPath();
        assertMoneyKept(payment);
        assertThat(LedgerChecks.receivableMinor(a)).isZero();
        assertThat(LedgerChecks.receivableMinor(b)).isZero();
        partner.get("/collection-documents/A").then().body("status", equalTo("paid"));
    }

    @Test
    void givenListedAmountAboveAnOpenBalance_whenPaying_thenPartiallyAppliedWithRemainderUnapplied() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 300);
        JsonPath payment = partner.pay("P-2", "C-1", 1000, "USD", "A", 1000).then().statusCode(200)
                .body("status", equalTo("partially_applied"))
                .body("totalAppliedMinor", equalTo(300))
                .body("unappliedMinor", equalTo(700))
                .body("paymentStatus", equalTo("pending"))
                .body("pendingReason", equalTo("unapplied_remainder"))
                .extract().jsonPath();
        assertMoneyKept(payment);
        partner.get("/payments/P-2").then().statusCode(200).body("unappliedMinor", equalTo(700))
                .body("customer.name", equalTo("Cliente C-1"));
    }

    @Test
    void givenAmountAboveListedAmounts_whenPaying_thenCreditedWithTheExcess() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        JsonPath payment = partner.pay("P-3", "C-1", 1250, "USD", "A", 1000).then().statusCode(200)
                .body("status", equalTo("credited"))
                .body("totalAppliedMinor", equalTo(1000))
                .body("creditCreatedMinor", equalTo(250))
                .body("paymentStatus", equalTo("settled"))
                .extract().jsonPath();
        assertMoneyKept(payment);
        String companyCustomerId = payment.getString("companyCustomerId");
        assertThat(LedgerChecks.accountMinor("customer_credit:" + companyCustomerId)).isEqualTo(-250);
    }

    @Test
    void givenNoListedDocumentOpen_whenPaying_thenNoOpenDocumentsAndARetryCanApply() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.post("/collection-documents/A/cancel", "").then().statusCode(200);
        partner.createDocument("B", "C-1", "USD", 1000);
        partner.pay("P-4", "C-1", 1000, "USD", "A", 1000).then().statusCode(200)
                .body("status", equalTo("no_open_documents"))
                .body("totalAppliedMinor", equalTo(0));
        assertThat(Sql.count("SELECT count(*) FROM ledger_transfers WHERE payment_id = (SELECT id FROM payments"
                + " WHERE external_payment_id = 'P-4')")).isZero();
        JsonPath retried = partner.pay("P-4", "C-1", 800, "USD", "B", 800).then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("amountMinor", equalTo(800))
                .extract().jsonPath();
        assertMoneyKept(retried);
        assertThat(Sql.count("SELECT amount_minor FROM payments WHERE external_payment_id = 'P-4'")).isEqualTo(800);
    }

    @Test
    void givenSameIntention_whenRepeatedByKeyOrByExternalId_thenAlreadyProcessedOnce() {
        Partner partner = Partner.create();
        String document = partner.createDocument("A", "C-1", "USD", 1000).getString("invoiceId");
        String key = UUID.randomUUID().toString();
        String body = Partner.payment("P-5", "C-1", 600, "USD", "A", 600);
        String paymentId = partner.post("/verified-payments", body, key).then().statusCode(200)
                .body("status", equalTo("applied")).extract().path("paymentId");
        partner.post("/verified-payments", body, key).then().statusCode(200)
                .body("status", equalTo("already_processed"))
                .body("paymentId", equalTo(paymentId))
                .body("totalAppliedMinor", equalTo(600));
        partner.post("/verified-payments", body).then().statusCode(200)
                .body("status", equalTo("already_processed"))
                .body("paymentId", equalTo(paymentId));
        partner.post("/verified-payments", Partner.payment("P-5", "C-1", 999, "USD", "A", 999), key).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));
        assertThat(LedgerChecks.receivableMinor(document)).isEqualTo(400);
        assertThat(Sql.count("SELECT count(*) FROM payment_applications WHERE payment_id = ?::uuid", paymentId)).isEqualTo(1);
    }

    @Test
    void givenOtherCurrency_whenPaying_thenNeedsCertifiedRateAndTheRateCompletesIt() {
        Partner partner = Partner.create();
        String document = partner.createDocument("A", "C-1", "VES", 365000).getString("invoiceId");
        JsonPath pending = partner.pay("P-6", "C-1", 10000, "usd", "A", 365000).then().statusCode(200)
                .body("status", equalTo("needs_certified_rate"))
                .body("paymentCurrency", equalTo("USD"))
                .body("applicationCurrency", equalTo("VES"))
                .body("pendingReason", equalTo("certified_rate_required"))
                .body("unappliedMinor", nullValue())
                .extract().jsonPath();
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + pending.getString("paymentId"), "USD")).isEqualTo(-10000);

        String rate = "{\"refCurrency\":\"VES\",\"refAmountMinor\":365000,\"exchangeRateUsed\":\"36.5\","
                + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"A\",\"amountMinor\":365000}]}";
        partner.post("/payments/P-6/certified-rate", rate.replace("365000,\"exc", "365001,\"exc")).then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
        String rateKey = UUID.randomUUID().toString();
        partner.post("/payments/P-6/certified-rate", rate, rateKey).then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("amountMinor", equalTo(10000))
                .body("exchangeRateUsed", equalTo("36.5"))
                .body("exchangeRateId", notNullValue())
                .body("totalAppliedMinor", equalTo(365000))
                .body("customer.companyCustomerId", notNullValue());
        assertThat(LedgerChecks.receivableMinor(document)).isZero();
        String paymentId = pending.getString("paymentId");
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, "USD")).isZero();
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, "VES")).isZero();
        assertThat(LedgerChecks.accountMinor(partner.key.company().id(), "currency_exchange", "USD")).isEqualTo(-10000);
        assertThat(LedgerChecks.accountMinor(partner.key.company().id(), "currency_exchange", "VES")).isEqualTo(365000);
        assertThat(Sql.count("SELECT count(*) FROM exchange_rates WHERE payment_id = ?::uuid AND rate = '36.5'", paymentId))
                .isEqualTo(1);
        // Never a second application.
        partner.post("/payments/P-6/certified-rate", rate).then().statusCode(409).body("error.code", equalTo("conflict"));
        partner.post("/payments/NOPE/certified-rate", rate).then().statusCode(404);
        // The same key and body for another payment is another request, not a replay.
        partner.post("/payments/P-other/certified-rate", rate, rateKey).then().statusCode(409)
                .body("error.code", equalTo("idempotency_conflict"));
    }

    @Test
    void givenRoundingAtHalf_whenCertifying_thenHalfEvenDecidesTheMinorUnit() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "VES", 1_000_000);
        partner.pay("P-7", "C-1", 1, "USD", "A", 1).then().body("status", equalTo("needs_certified_rate"));
        // 0.01 USD x 36.25 = 0.3625 VES -> 0.36 (half-even keeps the even 6 at 0.365 too)
        String rate = "{\"refCurrency\":\"VES\",\"refAmountMinor\":36,\"exchangeRateUsed\":\"36.25\","
                + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"A\",\"amountMinor\":36}]}";
        partner.post("/payments/P-7/certified-rate", rate).then().statusCode(200).body("totalAppliedMinor", equalTo(36));
    }

    @Test
    void givenBadInput_whenPaying_thenPrecise4xx() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.createDocument("Z", "C-2", "USD", 1000);
        partner.createDocument("V", "C-1", "VES", 1000);
        for (String body : List.of(
                Partner.payment("P", "C-1", 0, "USD", "A", 1),
                Partner.payment("P", "C-1", 10, "EUR", "A", 10),
                Partner.payment("P", "C-1", 10, "COP", "A", 10),
                Partner.payment("P", "C-1", 10, "Usd", "A", 10),
                Partner.payment("P", "C-1", 10, "USD"),
                Partner.payment("P", "C-1", 10, "USD", "A", 0),
                Partner.payment("P", "C-1", 10, "USD", "A", 5, "A", 5),
                Partner.payment("P", "C-1", 10, "USD", "A", 11),
                Partner.payment("P", "C-1", 10, "USD", "Z", 10),
                Partner.payment("P", "C-1", 10, "USD", "A", 5, "V", 5),
                Partner.payment("P", "C-1", 10, "USD", "A", 10).replace("2026-11-22T10:00:00Z", "22/11/2026"))) {
            partner.post("/verified-payments", body).then().statusCode(400).body("error.code", equalTo("validation_error"));
        }
        partner.pay("P", "C-404", 10, "USD", "A", 10).then().statusCode(404).body("error.code", equalTo("not_found"));
        partner.pay("P", "C-1", 10, "USD", "MISSING", 10).then().statusCode(404).body("error.code", equalTo("not_found"));
        partner.post("/verified-payments", Partner.payment("P", "C-1", 10, "USD", "A", 10).replace("acme-erp", "x"))
                .then().statusCode(403).body("error.code", equalTo("source_mismatch"));
        String rateBody = "{\"refCurrency\":\"VES\",\"refAmountMinor\":1,\"exchangeRateUsed\":\"%s\","
                + "\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"V\",\"amountMinor\":1}]}";
        for (String rate : List.of("1,5", "-1", "1.", ".5", "12345678901234567890", "1e3", "0")) {
            partner.post("/payments/P/certified-rate", String.format(rateBody, rate)).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"));
        }
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", partner.key.company().id())).isZero();
    }

    @Test
    void givenDatabaseRefusingTheApplication_whenPaying_thenFailedWithRequestIdTheAuditResolves() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        Sql.execute("CREATE OR REPLACE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " IF NEW.external_payment_id LIKE 'doomed-%' THEN RAISE EXCEPTION 'storage refused the payment'; END IF;"
                + " RETURN NEW; END; $$");
        Sql.execute("CREATE TRIGGER refuse_doomed BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION refuse_doomed()");
        try {
            Response failed = partner.pay("doomed-1", "C-1", 1000, "USD", "A", 1000);
            failed.then().statusCode(500).body("status", equalTo("failed"));
            String requestId = failed.jsonPath().getString("requestId");
            assertThat(requestId).isEqualTo(failed.header("X-Request-Id"));
            partner.get("/audit/" + requestId).then().statusCode(200)
                    .body("records[0].outcome", equalTo("failed"))
                    .body("records[0].httpStatus", equalTo(500))
                    .body("records[0].operation", equalTo("POST /integrations/v1/{companyId}/verified-payments"));
            assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = 'doomed-1'")).isZero();
            partner.get("/collection-documents/A").then().body("balanceMinor", equalTo(1000));
        } finally {
            Sql.execute("DROP TRIGGER refuse_doomed ON payments");
        }
    }

    @Test
    void givenWrites_whenAudited_thenEveryWriteHasARecordByRequestId() {
        Partner partner = Partner.create();
        Response created = partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 100));
        partner.get("/audit/" + created.header("X-Request-Id")).then().statusCode(200)
                .body("records[0].outcome", equalTo("created"))
                .body("records[0].apiKeyId", equalTo(partner.key.id().toString()));
        Response refused = partner.pay("P", "C-1", 10, "USD", "MISSING", 10);
        partner.get("/audit/" + refused.header("X-Request-Id")).then().statusCode(200)
                .body("records[0].outcome", equalTo("not_found"))
                .body("records[0].httpStatus", equalTo(404));
        partner.get("/audit/unknown-request").then().statusCode(404);
    }

    @Test
    void givenPayments_whenListing_thenFilteredAndPagedByCursor() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.createDocument("B", "C-2", "USD", 100);
        partner.createDocument("V", "C-1", "VES", 100);
        partner.pay("P-1", "C-1", 500, "USD", "A", 500).then().statusCode(200);
        partner.pay("P-2", "C-2", 300, "USD", "B", 100).then().statusCode(200);
        partner.pay("P-3", "C-1", 100, "USD", "V", 100).then().statusCode(200);
        Integrations.awaitChangeFeeds();
        partner.get("/payments").then().statusCode(200).body("items.size()", equalTo(3))
                .body("items[0].externalPaymentId", equalTo("P-1"));
        partner.get("/payments", "status=credited").then().body("items.size()", equalTo(1))
                .body("items[0].externalPaymentId", equalTo("P-2"));
        partner.get("/payments", "paymentStatus=pending").then().body("items[0].externalPaymentId", equalTo("P-3"));
        partner.get("/payments", "customerExternalId=C-1").then().body("items.size()", equalTo(2));
        partner.get("/payments", "externalPaymentId=P-2").then().body("items.size()", equalTo(1));
        partner.get("/payments", "provider=checkout").then().body("items.size()", equalTo(0));
        partner.get("/payments", "currency=VES").then().body("items.size()", equalTo(0));
        JsonPath first = partner.get("/payments", "limit=2").then().extract().jsonPath();
        assertThat(first.getBoolean("pagination.hasMore")).isTrue();
        partner.get("/payments", "limit=2&cursor=" + first.getString("pagination.nextCursor"))
                .then().body("items.size()", equalTo(1)).body("items[0].externalPaymentId", equalTo("P-3"));
        partner.get("/payments", "status=weird").then().statusCode(400);
        partner.get("/payments/NOPE").then().statusCode(404).body("error.code", equalTo("not_found"));
    }

    @Test
    void givenSixtyVerifiedPaymentsInAMinute_whenOneMore_then429RateLimited() throws InterruptedException {
        Partner partner = Partner.create();
        Windows.awaitFreshMinute();
        for (int i = 0; i < 60; i++) {
            partner.pay("R-" + i, "C-404", 10, "USD", "A", 10).then().statusCode(404);
        }
        partner.pay("R-60", "C-404", 10, "USD", "A", 10).then().statusCode(429).body("error.code", equalTo("rate_limited"))
                .header("Retry-After", notNullValue());
    }
}
