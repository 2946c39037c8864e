package dev.recaudo.e2e.checkout;

import static dev.recaudo.e2e.support.ScratchDatabase.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.e2e.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Migration V0020 on products an earlier schema holds: they stay live with their SKU, id and
 * metadata; afterwards each environment has its own catalog, and the payers' table keeps one row per
 * company, environment and e-mail in any letter case.
 */
class CheckoutHelperMigrationTest {

    private final UUID company = UUID.randomUUID();
    private final UUID product = UUID.randomUUID();

    @Test
    void givenProductsOfTheEarlierSchema_whenMigrating_thenLiveAndEachEnvironmentItsOwnCatalog() throws SQLException {
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("19");
            try (Connection connection = database.connect()) {
                execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                        + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
                execute(connection, "INSERT INTO products (id, company_id, sku, name, amount_minor, currency, status, metadata,"
                        + " created_at, updated_at) VALUES (?, ?, 'PLAN-1', 'Plan', 2500, 'USD', 'active', '{\"tier\":\"gold\"}',"
                        + " now(), now())", product, company);
            }
            database.migrateTo("20");
            try (Connection connection = database.connect()) {
                try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(
                        "SELECT id, is_test, sku, metadata ->> 'tier' FROM products")) {
                    assertThat(row.next()).isTrue();
                    assertThat(row.getObject(1, UUID.class)).isEqualTo(product);
                    assertThat(row.getBoolean(2)).as("earlier products stay live").isFalse();
                    assertThat(row.getString(3)).isEqualTo("PLAN-1");
                    assertThat(row.getString(4)).isEqualTo("gold");
                    assertThat(row.next()).isFalse();
                }
                // The test catalog may hold the same SKU; the live one may not hold it twice.
                insertProduct(connection, true);
                assertThatThrownBy(() -> insertProduct(connection, false)).isInstanceOf(SQLException.class)
                        .hasMessageContaining("products_company_environment_sku");
                insertPayer(connection, false, "Ana@Example.com");
                insertPayer(connection, true, "ana@example.com");
                assertThatThrownBy(() -> insertPayer(connection, false, "ANA@EXAMPLE.COM")).isInstanceOf(SQLException.class)
                        .hasMessageContaining("checkout_customers_email");
            }
        }
    }

    private void insertProduct(Connection connection, boolean test) throws SQLException {
        execute(connection, "INSERT INTO products (id, company_id, is_test, sku, name, amount_minor, currency, status,"
                + " created_at, updated_at) VALUES (?, ?, ?, 'PLAN-1', 'Plan', 1, 'USD', 'active', now(), now())",
                UUID.randomUUID(), company, test);
    }

    private void insertPayer(Connection connection, boolean test, String email) throws SQLException {
        execute(connection, "INSERT INTO checkout_customers (id, company_id, is_test, customer_id, email, name, created_at)"
                + " VALUES (?, ?, ?, ?, ?, 'Ana', now())", UUID.randomUUID(), company, test, UUID.randomUUID(), email);
    }
}
