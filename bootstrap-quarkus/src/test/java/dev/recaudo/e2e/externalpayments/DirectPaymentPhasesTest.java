package dev.recaudo.e2e.externalpayments;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.ChargeRecoveryUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Scrape;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A direct payment's atomic phases against PostgreSQL: a real deadlock while its charge is recorded
 * runs the record again and never the charge; an answer the sandbox processor loses leaves the
 * payment pending, answered as it stands to a retry, until the recovery asks and completes it.
 */
@QuarkusTest
class DirectPaymentPhasesTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Inject
    ChargeRecoveryUseCase recovery;

    private static Tenants.Key testKey() {
        return Tenants.company().createKey(Map.of("name", "erp test", "permissions", List.of("payments:create", "payments:read"),
                "source", "erp", "environment", "test"));
    }

    private static Map<String, Object> body(long amountMinor) {
        return Map.of("amountMinor", amountMinor, "currency", "USD");
    }

    private static long sandboxCharges(String paymentId) {
        return Sql.count("SELECT count(*) FROM sandbox_processor_charges WHERE processor_key = ?", "recaudo-charge-" + paymentId);
    }

    /**
     * The test's connection holds the company's {@code external_collections} account, which only the
     * record of an approved charge needs; once that record waits for it (holding the payment's row),
     * the test asks for the payment's row, and PostgreSQL ends the record with a deadlock.
     */
    @Test
    void givenADeadlockWhileTheApprovedChargeIsRecorded_whenTheRecordRunsAgain_thenOneChargeAndTheMoneyOnce() throws Exception {
        Tenants.Key key = testKey();
        UUID company = key.company().id();
        ExternalPayments.direct(key, body(1000)); // the company's external_collections account exists from here on
        Map<String, String> deadlocks = Map.of("cause", "deadlock");
        double retriesBefore = Scrape.value("recaudo_transaction_retries_total", deadlocks);
        String idempotencyKey = UUID.randomUUID().toString();
        CompletableFuture<Response> created;
        try (Connection held = ServiceUnderTest.connect()) {
            held.setAutoCommit(false);
            // This session looks for deadlocks long after the record's session, so the record is the one ended.
            Sql.execute(held, "SET LOCAL deadlock_timeout = '20s'");
            lock(held, "SELECT 1 FROM ledger_accounts WHERE company_id = ? AND is_test AND code = 'external_collections'"
                    + " FOR UPDATE", company);
            created = CompletableFuture.supplyAsync(() -> ExternalPayments.post(key, "/external/payments/direct", idempotencyKey,
                    body(2500)));
            awaitRecordWaitingForTheAccount();
            lock(held, "SELECT 1 FROM external_payments WHERE company_id = ? AND status = 'pending' FOR UPDATE",
                    company);
            held.rollback();
        }

        JsonPath payment = created.get(30, TimeUnit.SECONDS).then().statusCode(201).extract().jsonPath();
        String paymentId = payment.getString("id");
        assertThat(payment.getString("status")).isEqualTo("completed");
        assertThat(Scrape.value("recaudo_transaction_retries_total", deadlocks) - retriesBefore).isEqualTo(1);
        assertThat(sandboxCharges(paymentId)).as("the charge is not repeated by the retried record").isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = ?", "external:" + paymentId)).isEqualTo(1);
        assertThat(LedgerChecks.accountMinor(company, "external_collections", "USD")).isEqualTo(3500);
        assertThat(LedgerChecks.accountMinor(company, "unapplied_payment:" + payment.getString("paymentId"), "USD"))
                .isEqualTo(-2500);
        assertThat(Sql.count("SELECT count(*) FROM (SELECT e.transfer_id FROM ledger_entries e JOIN ledger_transfers t"
                + " ON t.id = e.transfer_id WHERE t.company_id = ? GROUP BY e.transfer_id, e.currency"
                + " HAVING sum(e.amount_minor) <> 0) unbalanced", company)).as("unbalanced transfers").isZero();
        ExternalPayments.post(key, "/external/payments/direct", idempotencyKey, body(2500)).then().statusCode(201);
        assertThat(sandboxCharges(paymentId)).isEqualTo(1);
    }

    /** Takes the rows' locks on the held connection, waiting as long as PostgreSQL makes it wait. */
    private static void lock(Connection held, String sql, UUID company) throws SQLException {
        try (PreparedStatement statement = held.prepareStatement(sql)) {
            statement.setObject(1, company);
            statement.execute();
        }
    }

    private static void awaitRecordWaitingForTheAccount() throws InterruptedException {
        Instant until = Instant.now().plus(PATIENCE);
        while (Sql.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock' AND query LIKE '%recaudo_post_transfers(%'") == 0) {
            assertThat(Instant.now()).as("the record waits for the held account").isBefore(until);
            Thread.sleep(20);
        }
    }

    @Test
    void givenTheSandboxAnswerLostEnding_whenCreatedAndRetried_thenPendingUntilTheRecoveryAsksThenCompleted() {
        Tenants.Key key = testKey();
        String idempotencyKey = UUID.randomUUID().toString();

        JsonPath first = ExternalPayments.post(key, "/external/payments/direct", idempotencyKey, body(2504))
                .then().statusCode(201).extract().jsonPath();
        String paymentId = first.getString("id");
        assertThat(first.getString("status")).isEqualTo("pending");
        JsonPath retried = ExternalPayments.post(key, "/external/payments/direct", idempotencyKey, body(2504))
                .then().statusCode(201).extract().jsonPath();
        assertThat(retried.getString("id")).isEqualTo(paymentId);
        assertThat(retried.getString("status")).as("answered as it stands, not 409 in progress").isEqualTo("pending");

        Envelopes.assertStatus(given().header("X-API-Key", key.secret()).delete("/external/payments/{id}", paymentId), 409,
                "/external/payments/" + paymentId);
        recovery.recoverUnknownCharges(KeyEnvironment.TEST);
        assertThat(ExternalPayments.get(key, paymentId).jsonPath().getString("status")).as("not pending long enough yet")
                .isEqualTo("pending");
        Sql.execute("UPDATE external_payments SET created_at = created_at - interval '1 hour' WHERE id = ?::uuid", paymentId);
        recovery.recoverUnknownCharges(KeyEnvironment.TEST);

        assertThat(ExternalPayments.get(key, paymentId).jsonPath().getString("status")).isEqualTo("completed");
        JsonPath after = ExternalPayments.post(key, "/external/payments/direct", idempotencyKey, body(2504))
                .then().statusCode(201).extract().jsonPath();
        assertThat(after.getString("status")).isEqualTo("completed");
        assertThat(sandboxCharges(paymentId)).isEqualTo(1);
        assertThat(LedgerChecks.accountMinor(key.company().id(), "external_collections", "USD")).isEqualTo(2504);
    }
}
