package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Parallel;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

@QuarkusTest
class VerifiedPaymentsConcurrencyTest {

    @Test
    void given32ParallelRequestsForOnePayment_whenDifferentIdempotencyKeys_thenOneApplicationRestAlreadyProcessed()
            throws Exception {
        Partner partner = Partner.create();
        String document = partner.createDocument("A", "C-1", "USD", 10_000).getString("invoiceId");
        String body = Partner.payment("P-race", "C-1", 2500, "USD", "A", 2500);
        String path = partner.base + "/verified-payments";
        long now = Long.parseLong(Signer.now());
        List<Callable<Response>> requests = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            // Each signed in a second of its own: the same signature under two keys is a replay, refused before the payment.
            String timestamp = Long.toString(now - i);
            requests.add(() -> Integrations.signedPost(partner.key, path, body, timestamp)
                    .header("Idempotency-Key", UUID.randomUUID().toString()).post(path));
        }
        List<Response> responses = Parallel.run(32, requests);
        assertThat(responses).extracting(Response::statusCode).containsOnly(200);
        assertThat(responses).extracting(r -> r.jsonPath().getString("status"))
                .filteredOn("applied"::equals).hasSize(1);
        assertThat(responses).extracting(r -> r.jsonPath().getString("status"))
                .filteredOn("already_processed"::equals).hasSize(31);
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = 'P-race'")).isEqualTo(1);
        assertThat(Sql.count("SELECT count(*) FROM payment_applications a JOIN payments p ON p.id = a.payment_id"
                + " WHERE p.external_payment_id = 'P-race'")).isEqualTo(1);
        assertThat(LedgerChecks.receivableMinor(document)).isEqualTo(7500);
    }

    @Test
    void given200ConcurrentPaymentsOverFewDocuments_whenListedInDifferentOrders_thenSumsExactAndNoDeadlockSurfaces()
            throws Exception {
        Tenants.Company company = Tenants.company();
        // Two keys of the same partner, so the per-key limit of 60 verified payments a minute allows 200 in the test.
        List<Partner> partners = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            partners.add(new Partner(company.createKey(Map.of("name", "partner " + i, "permissions", Partner.ALL,
                    "source", "acme-erp"))));
        }
        Partner owner = partners.get(0);
        List<String> documents = List.of("D0", "D1", "D2", "D3", "D4");
        for (String document : documents) {
            owner.createDocument(document, "C-1", "USD", 20_000);
        }
        Random random = new Random(42);
        List<Callable<Response>> payments = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Object[] pairs = Partner.someOf(documents, random, 50, 300);
            long amount = Partner.total(pairs);
            long extra = random.nextInt(3) == 0 ? random.nextInt(100) : 0;
            Partner partner = partners.get(i % partners.size());
            String body = Partner.payment("CP-" + i, "C-1", amount + extra, "USD", pairs);
            payments.add(() -> partner.post("/verified-payments", body));
        }
        List<Response> responses = Parallel.run(24, payments);
        assertThat(responses).extracting(Response::statusCode).containsOnly(200);
        assertThat(responses).extracting(r -> r.jsonPath().getString("status"))
                .allMatch(s -> List.of("applied", "credited", "partially_applied").contains(s));

        try (Connection connection = PostgresTestDatabase.connect()) {
            // For every payment: amount = applied + credit + unapplied, and its applications sum to applied.
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT p.id, p.amount_minor, p.applied_minor, p.credit_minor,"
                            + " (SELECT coalesce(sum(a.amount_minor), 0) FROM payment_applications a WHERE a.payment_id = p.id),"
                            + " (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts l ON l.id = e.account_id"
                            + "   WHERE l.code = 'unapplied_payment:' || p.id)"
                            + " FROM payments p WHERE p.company_id = ?")) {
                statement.setObject(1, company.id());
                try (ResultSet rows = statement.executeQuery()) {
                    int count = 0;
                    while (rows.next()) {
                        count++;
                        long amount = rows.getLong(2);
                        long applied = rows.getLong(3);
                        long credit = rows.getLong(4);
                        long unapplied = -rows.getLong(6);
                        assertThat(rows.getLong(5)).isEqualTo(applied);
                        assertThat(applied + credit + unapplied).isEqualTo(amount);
                        assertThat(unapplied).isNotNegative();
                    }
                    assertThat(count).isEqualTo(200);
                }
            }
            // For every document: total minus its applications is its balance, never negative, and the receivable agrees.
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT d.id, d.total_minor, d.balance_minor,"
                            + " (SELECT coalesce(sum(a.amount_minor), 0) FROM payment_applications a WHERE a.document_id = d.id)"
                            + " FROM collection_documents d WHERE d.company_id = ?")) {
                statement.setObject(1, company.id());
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        long total = rows.getLong(2);
                        long balance = rows.getLong(3);
                        assertThat(total - rows.getLong(4)).isEqualTo(balance);
                        assertThat(balance).isNotNegative();
                        assertThat(LedgerChecks.receivableMinor(rows.getString(1))).isEqualTo(balance);
                    }
                }
            }
        }
    }
}
