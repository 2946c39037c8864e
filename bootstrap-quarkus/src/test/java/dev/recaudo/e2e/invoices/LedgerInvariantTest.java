package dev.recaudo.e2e.invoices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A random sequence of creates, replacements, annulments, settlements, partial payments and
 * checkout payments, then the ledger's invariants, checked directly in the database.
 */
@QuarkusTest
class LedgerInvariantTest {

    @Test
    void givenRandomOperations_whenDone_thenEveryTransferBalancesAndEveryBalanceMatchesItsReceivable() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Tenants.Company company = Tenants.company();
        Tenants.Key key = Invoices.testKey(company);
        List<JsonPath> invoices = new ArrayList<>();
        for (int step = 0; step < 150; step++) {
            int operation = invoices.isEmpty() ? 0 : random.nextInt(7);
            JsonPath target = invoices.isEmpty() ? null : invoices.get(random.nextInt(invoices.size()));
            String id = target == null ? null : target.getString("id");
            switch (operation) {
                case 0 -> {
                    Map<String, Object> body = Invoices.body();
                    body.put("amount", BigDecimal.valueOf(1 + random.nextInt(500_000), 2));
                    invoices.add(Invoices.create(key, body));
                }
                case 1 -> Invoices.put(key, id, Invoices.replacement(BigDecimal.valueOf(1 + random.nextInt(500_000), 2)));
                case 2 -> Invoices.delete(key, id);
                case 3 -> Invoices.settle(key, id, "ext-" + UUID.randomUUID());
                case 4 -> {
                    long balance = Invoices.balanceMinor(id);
                    String status = Invoices.get(key, id).jsonPath().getString("status");
                    if (balance > 1 && status.equals("CREATED")) {
                        PartialPayments.apply(key, id, 1 + random.nextInt((int) Math.min(balance - 1, Integer.MAX_VALUE)));
                    }
                }
                case 5 -> Invoices.completeCheckout(key, Invoices.get(key, id).jsonPath().getString("payment.id"));
                default -> Invoices.get(key, id);
            }
        }
        assertThat(invoices).as("seed %d", seed).isNotEmpty();

        try (Connection connection = PostgresTestDatabase.connect()) {
            assertThat(rows(connection, "SELECT transfer_id, currency FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount_minor) <> 0"))
                    .as("unbalanced transfers, seed %d", seed).isEmpty();
            assertThat(rows(connection, "SELECT d.id FROM collection_documents d LEFT JOIN ledger_accounts a"
                    + " ON a.code = 'receivable:' || d.id AND a.company_id = d.company_id"
                    + " LEFT JOIN ledger_entries e ON e.account_id = a.id"
                    + " GROUP BY d.id, d.balance_minor HAVING d.balance_minor <> coalesce(sum(e.amount_minor), 0)"))
                    .as("documents whose balance differs from their receivable, seed %d", seed).isEmpty();
            assertThat(rows(connection, "SELECT d.id FROM collection_documents d LEFT JOIN payment_applications p"
                    + " ON p.document_id = d.id GROUP BY d.id, d.applied_minor"
                    + " HAVING d.applied_minor <> coalesce(sum(p.amount_minor), 0)"))
                    .as("documents whose applied total differs from their applications, seed %d", seed).isEmpty();
            assertThat(rows(connection, "SELECT id FROM collection_documents WHERE status = 'CREATED'"
                    + " AND balance_minor <> total_minor - applied_minor"))
                    .as("open documents whose balance is not total minus applied, seed %d", seed).isEmpty();
            assertThat(rows(connection, "SELECT document_id FROM checkouts WHERE status = 'PENDING' GROUP BY 1 HAVING count(*) > 1"))
                    .as("documents with two payable checkouts, seed %d", seed).isEmpty();
        }
        // The ledger refuses to be rewritten.
        assertThat(Sql.count("SELECT count(*) FROM ledger_entries")).isPositive();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sql.execute("UPDATE ledger_entries SET amount_minor = 1"))
                .hasMessageContaining("append-only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sql.execute("DELETE FROM ledger_transfers"))
                .hasMessageContaining("append-only");
    }

    private static List<String> rows(Connection connection, String sql) throws SQLException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                found.add(rows.getString(1));
            }
        }
        return found;
    }
}
