package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Exactly one audit record per integrations write, whatever its answer: a write whose work commits
 * files it in that very transaction (the same {@code xmin} as its idempotency record), and one that
 * rolls back, is replayed or runs no work gets it from the audit filter, in a transaction of its own.
 */
@QuarkusTest
class AuditRecordPerRequestTest {

    private static long recordsOf(String requestId) {
        return Sql.count("SELECT count(*) FROM audit_records WHERE request_id = ?", requestId);
    }

    /** The transaction that wrote the request's audit record. */
    private static String auditTransactionOf(String requestId) {
        return Sql.text("SELECT xmin::text FROM audit_records WHERE request_id = ?", requestId);
    }

    /** The transaction that claimed the key and stored the answer: the work's own. */
    private static String workTransactionOf(String idempotencyKey) {
        return Sql.text("SELECT xmin::text FROM idempotency_records WHERE idempotency_key = ?", idempotencyKey);
    }

    @Test
    void givenAnOpenDocument_whenAVerifiedPaymentIsApplied_thenOneRecordFiledInThePaymentsTransaction() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();

        Response paid = partner.post("/verified-payments", Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000), key);

        paid.then().statusCode(200).body("status", equalTo("applied"));
        String requestId = paid.header("X-Request-Id");
        assertThat(recordsOf(requestId)).isEqualTo(1);
        assertThat(auditTransactionOf(requestId)).as("the record shares the payment's commit").isEqualTo(workTransactionOf(key));
        partner.get("/audit/" + requestId).then().statusCode(200)
                .body("records[0].outcome", equalTo("applied"))
                .body("records[0].httpStatus", equalTo(200))
                .body("records[0].detail", nullValue())
                .body("records[0].apiKeyId", equalTo(partner.key.id().toString()))
                .body("records[0].operation", equalTo("POST /integrations/v1/{companyId}/verified-payments"));
    }

    @Test
    void givenAnUnknownCustomer_whenAVerifiedPaymentIsRejected_thenOneRecordOfTheRefusalAndNothingElseKept() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();

        Response refused = partner.post("/verified-payments", Partner.payment("P-1", "C-404", 1000, "USD", "A", 1000), key);

        refused.then().statusCode(404).body("error.code", equalTo("not_found"));
        String requestId = refused.header("X-Request-Id");
        assertThat(recordsOf(requestId)).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM idempotency_records WHERE idempotency_key = ?", key))
                .as("the work rolled back").isZero();
        partner.get("/audit/" + requestId).then().statusCode(200)
                .body("records[0].outcome", equalTo("not_found"))
                .body("records[0].httpStatus", equalTo(404));
    }

    @Test
    void givenAnAppliedPayment_whenItsRequestIsReplayedByIdempotencyKey_thenEachRequestHasOneRecord() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String key = UUID.randomUUID().toString();
        String body = Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000);
        String first = partner.post("/verified-payments", body, key).then().statusCode(200).extract().header("X-Request-Id");

        Response replay = partner.post("/verified-payments", body, key);

        replay.then().statusCode(200).body("status", equalTo("already_processed"));
        String replayId = replay.header("X-Request-Id");
        assertThat(recordsOf(first)).isEqualTo(1);
        assertThat(recordsOf(replayId)).isEqualTo(1);
        assertThat(auditTransactionOf(replayId)).as("a replay runs no work: its record has a transaction of its own")
                .isNotEqualTo(workTransactionOf(key));
        partner.get("/audit/" + replayId).then().statusCode(200)
                .body("records[0].outcome", equalTo("already_processed"))
                .body("records[0].detail", equalTo("replayed by Idempotency-Key"));
    }

    @Test
    void givenANewDocument_whenUpserted_thenOneRecordFiledInTheUpsertsTransaction() {
        Partner partner = Partner.create();
        String key = UUID.randomUUID().toString();

        Response created = partner.post("/collection-documents/upsert", Partner.document("A", "C-1", "USD", 1000), key);

        created.then().statusCode(201);
        String requestId = created.header("X-Request-Id");
        assertThat(recordsOf(requestId)).isEqualTo(1);
        assertThat(auditTransactionOf(requestId)).isEqualTo(workTransactionOf(key));
        partner.get("/audit/" + requestId).then().statusCode(200)
                .body("records[0].outcome", equalTo("created"))
                .body("records[0].httpStatus", equalTo(201))
                .body("records[0].operation", equalTo("POST /integrations/v1/{companyId}/collection-documents/upsert"));
    }

    @Test
    void givenTheOtherIntegrationsWrites_whenEachCommits_thenEachHasOneRecordInItsTransactionWithItsOutcome() {
        Partner partner = Partner.create();
        String customer = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-9\",\"type\":\"business\",\"name\":\"Ana\"}";
        assertRecordedWithWork(partner, "/customers/upsert", customer, 201, "created");
        partner.createDocument("V", "C-1", "VES", 365000);
        partner.pay("P-1", "C-1", 10000, "USD", "V", 365000).then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        assertRecordedWithWork(partner, "/payments/P-1/certified-rate", "{\"refCurrency\":\"VES\",\"refAmountMinor\":365000,"
                + "\"exchangeRateUsed\":\"36.5\",\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\"V\","
                + "\"amountMinor\":365000}]}", 200, "applied");
        partner.createDocument("X", "C-1", "USD", 100);
        assertRecordedWithWork(partner, "/collection-documents/X/cancel", "", 200, "canceled");
    }

    private static void assertRecordedWithWork(Partner partner, String path, String body, int status, String outcome) {
        String key = UUID.randomUUID().toString();
        Response answered = partner.post(path, body, key);

        answered.then().statusCode(status);
        String requestId = answered.header("X-Request-Id");
        assertThat(recordsOf(requestId)).as(path).isEqualTo(1);
        assertThat(auditTransactionOf(requestId)).as(path).isEqualTo(workTransactionOf(key));
        partner.get("/audit/" + requestId).then().statusCode(200)
                .body("records[0].outcome", equalTo(outcome))
                .body("records[0].httpStatus", equalTo(status));
    }

    /**
     * The work's first run loses a lock race at its audit record (a trigger answers SQLState 40001
     * once, counted by a sequence, which a rollback does not undo): the run is rolled back and run
     * again, and the request still leaves one payment and one record.
     */
    @Test
    void givenAPaymentWhoseFirstRunLosesALockRace_whenRunAgain_thenOnePaymentAndOneRecord() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String requestId = "race-" + UUID.randomUUID();
        Sql.execute("CREATE SEQUENCE audit_race_runs");
        Sql.execute("CREATE OR REPLACE FUNCTION lose_audit_race() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " IF NEW.request_id LIKE 'race-%' AND nextval('audit_race_runs') = 1 THEN"
                + " RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END; $$");
        Sql.execute("CREATE TRIGGER lose_audit_race BEFORE INSERT ON audit_records FOR EACH ROW EXECUTE FUNCTION lose_audit_race()");
        try {
            String path = partner.base + "/verified-payments";
            Integrations.signedPost(partner.key, path, Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000))
                    .header("Idempotency-Key", UUID.randomUUID().toString()).header("X-Request-Id", requestId)
                    .post(path).then().statusCode(200).body("status", equalTo("applied"));

            assertThat(Sql.count("SELECT last_value FROM audit_race_runs")).as("the record's insert ran twice").isEqualTo(2);
            assertThat(recordsOf(requestId)).isEqualTo(1);
            assertThat(Sql.text("SELECT outcome FROM audit_records WHERE request_id = ?", requestId)).isEqualTo("applied");
            assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ? AND external_payment_id = 'P-1'",
                    partner.key.company().id())).isEqualTo(1);
        } finally {
            Sql.execute("DROP TRIGGER lose_audit_race ON audit_records");
            Sql.execute("DROP FUNCTION lose_audit_race()");
            Sql.execute("DROP SEQUENCE audit_race_runs");
        }
    }
}
