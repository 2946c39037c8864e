package dev.recaudo.e2e.integrations;

import static dev.recaudo.e2e.support.ScratchDatabase.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Migration V0017 on links an earlier schema holds: each link takes the customer's data as stored
 * (the only data there was) and a last update no earlier than its creation, so lists keep an order.
 */
class CustomerLinksMigrationTest {

    @Test
    void givenLinksOfTheEarlierSchema_whenMigrating_thenEachLinkCarriesTheCustomersData() throws SQLException {
        UUID company = UUID.randomUUID();
        UUID customer = UUID.randomUUID();
        List<String> migrated = new ArrayList<>();
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("16");
            try (Connection connection = database.connect()) {
                execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                        + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
                execute(connection, "INSERT INTO customers (id, customer_id, company_id, is_test, type, name, email, phone,"
                        + " tax_id, tax_id_normalized, customer_code, created_at, updated_at) VALUES (?, ?, ?, false, 'business',"
                        + " 'Ferretería', 'f@example.test', '+15550001111', 'J-1', 'J1', 'K-9', '2026-01-01T00:00:00Z',"
                        + " '2026-02-01T00:00:00Z')", customer, UUID.randomUUID(), company);
                for (String[] link : new String[][] {{"erpA", "A-1", "2026-01-01T00:00:00Z"}, {"erpB", "B-1", "2026-03-01T00:00:00Z"}}) {
                    execute(connection, "INSERT INTO customer_links (company_id, is_test, source, external_customer_id, customer_id,"
                            + " created_at) VALUES (?, false, ?, ?, ?, ?::timestamptz)", company, link[0], link[1], customer, link[2]);
                }
            }
            database.migrateTo("17");
            try (Connection connection = database.connect(); Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT source, type, name, email, phone, tax_id, customer_code,"
                            + " to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM customer_links ORDER BY source")) {
                while (rows.next()) {
                    migrated.add(String.join("|", rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getString(5), rows.getString(6), rows.getString(7), rows.getString(8)));
                }
            }
        }
        assertThat(migrated).containsExactly(
                "erpA|business|Ferretería|f@example.test|+15550001111|J-1|K-9|2026-02-01",
                "erpB|business|Ferretería|f@example.test|+15550001111|J-1|K-9|2026-03-01");
    }
}
