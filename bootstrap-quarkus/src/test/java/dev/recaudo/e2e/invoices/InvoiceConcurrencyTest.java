package dev.recaudo.e2e.invoices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

@QuarkusTest
class InvoiceConcurrencyTest {

    @Test
    void given32ParallelIdenticalPosts_whenSameIdempotencyKey_thenOneDocumentOneCheckoutSameAnswer() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        String idempotencyKey = UUID.randomUUID().toString();
        List<Callable<Response>> posts = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            posts.add(() -> Invoices.post(key, Invoices.body(), idempotencyKey));
        }
        List<Response> responses = Parallel.run(32, posts);
        assertThat(responses).extracting(Response::statusCode).containsOnly(201);
        assertThat(responses).extracting(r -> r.jsonPath().getString("id")).containsOnly(responses.get(0).jsonPath().getString("id"));
        assertThat(responses).filteredOn(r -> r.header("Idempotent-Replayed") == null).hasSize(1);
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE company_id = ?", company.id())).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM outbox_events WHERE company_id = ? AND type = 'invoice.created'",
                company.id())).isEqualTo(1);
    }

    @Test
    void givenParallelReplacements_whenAmountsRace_thenNoUpdateLostAndLedgerMatches() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String id = Invoices.create(key).getString("id");
        List<Callable<Integer>> puts = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            int amount = 100 + i;
            puts.add(() -> Invoices.put(key, id, Invoices.replacement(amount)).statusCode());
        }
        assertThat(Parallel.run(12, puts)).containsOnly(200);
        long total = Sql.count("SELECT total_minor FROM collection_documents WHERE id = ?::uuid", id);
        assertThat(total).isBetween(10_100L, 11_200L);
        assertThat(Invoices.receivableMinor(id)).isEqualTo(total);
        assertThat(Invoices.balanceMinor(id)).isEqualTo(total);
        assertThat(Sql.count("SELECT count(*) FROM checkouts WHERE document_id = ?::uuid AND status = 'PENDING'", id)).isEqualTo(1);
        assertThat(Sql.count("SELECT amount_minor FROM checkouts WHERE document_id = ?::uuid AND status = 'PENDING'", id))
                .isEqualTo(total);
        // Every replacement was applied in turn: one adjusting transfer each, none lost.
        assertThat(Sql.count("SELECT count(*) FROM ledger_transfers WHERE document_id = ?::uuid AND kind = 'DOCUMENT_ADJUSTED'",
                id)).isEqualTo(12);
        assertThat(Sql.count("SELECT version FROM collection_documents WHERE id = ?::uuid", id)).isEqualTo(24);
    }

    @Test
    void givenParallelSettlementAndAnnulment_whenRacing_thenExactlyOneWins() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        for (int round = 0; round < 5; round++) {
            String id = Invoices.create(key).getString("id");
            List<Callable<Integer>> racers = List.of(
                    () -> Invoices.settle(key, id, "race-" + UUID.randomUUID()).statusCode(),
                    () -> Invoices.delete(key, id).statusCode(),
                    () -> Invoices.settle(key, id, "race-" + UUID.randomUUID()).statusCode());
            List<Integer> statuses = Parallel.run(3, racers);
            assertThat(statuses).filteredOn(s -> s == 204).hasSize(1);
            assertThat(Invoices.receivableMinor(id)).isZero();
            long applications = Sql.count("SELECT count(*) FROM payment_applications WHERE document_id = ?::uuid", id);
            assertThat(applications).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void givenFirstRequestStillInFlight_whenTwinArrives_thenItWaitsThenGets409Code10010NotTheMismatchCode() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.liveKey(company);
        String idempotencyKey = UUID.randomUUID().toString();
        // Stand in for a first request whose transaction is still open: hold its claim row uncommitted.
        try (java.sql.Connection first = dev.recaudo.e2e.support.PostgresTestDatabase.connect()) {
            first.setAutoCommit(false);
            try (java.sql.PreparedStatement claim = first.prepareStatement("INSERT INTO idempotency_records (company_id,"
                    + " is_test, partner, operation, idempotency_key, fingerprint, created_at) VALUES (?, false, 'source:erp',"
                    + " 'public_invoices.create', ?, 'in-flight', now())")) {
                claim.setObject(1, company.id());
                claim.setString(2, idempotencyKey);
                claim.executeUpdate();
            }
            long started = System.nanoTime();
            Response twin = Invoices.post(key, Invoices.body(), idempotencyKey);
            twin.then().statusCode(409)
                    .body("code", org.hamcrest.Matchers.equalTo(10010))
                    .body("code_name", org.hamcrest.Matchers.equalTo("idempotency_in_progress"))
                    .header("Retry-After", "1");
            assertThat(java.time.Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(java.time.Duration.ofMillis(1400));
            first.rollback();
        }
        // Once the first gave up its claim, the key is free and the request goes through.
        Invoices.post(key, Invoices.body(), idempotencyKey).then().statusCode(201);
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", company.id())).isEqualTo(1);
    }
}
