package dev.recaudo.e2e.checkout;

import static dev.recaudo.e2e.support.ScratchDatabase.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Migration V0041 on checkouts the earlier rule ("one payable route per invoice") canceled when a
 * hosted payment took their place: the one whose hosted payment is still pending is payable again;
 * checkouts canceled for any other reason stay canceled.
 */
class SuspendedCheckoutsMigrationTest {

    private final UUID company = UUID.randomUUID();
    private final UUID customer = UUID.randomUUID();
    private final UUID key = UUID.randomUUID();

    @Test
    void givenCheckoutsCanceledForHostedPayments_whenMigrating_thenOnlyThoseOfAPendingOneArePayableAgain() throws SQLException {
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("39");
            UUID suspended;
            UUID hostedCanceledToo;
            UUID replaced;
            UUID partlyPaid;
            try (Connection connection = database.connect()) {
                givenCompanyKeyAndCustomer(connection);
                UUID open = document(connection, "INV-1", 0);
                suspended = checkout(connection, open, "canceled", 0);
                hosted(connection, open, "pending");

                UUID wasCollected = document(connection, "INV-2", 0);
                hostedCanceledToo = checkout(connection, wasCollected, "canceled", 0);
                hosted(connection, wasCollected, "canceled");

                UUID changed = document(connection, "INV-3", 0);
                replaced = checkout(connection, changed, "canceled", 0);
                checkout(connection, changed, "PENDING", 1);
                hosted(connection, changed, "pending");

                UUID partPaid = document(connection, "INV-4", 400);
                partlyPaid = checkout(connection, partPaid, "canceled", 0);
                hosted(connection, partPaid, "pending");
            }
            database.migrateTo("41");
            try (Connection connection = database.connect()) {
                assertThat(status(connection, suspended)).isEqualTo("PENDING");
                assertThat(status(connection, hostedCanceledToo)).isEqualTo("canceled");
                assertThat(status(connection, replaced)).isEqualTo("canceled");
                assertThat(status(connection, partlyPaid)).isEqualTo("canceled");
            }
        }
    }

    private void givenCompanyKeyAndCustomer(Connection connection) throws SQLException {
        execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
        execute(connection, "INSERT INTO api_keys (id, company_id, name, key_prefix, key_hash, permissions, source,"
                + " environment, rate_limit_rpm, lineage_id, created_at)"
                + " VALUES (?, ?, 'k', 'rk_test_abcd', ?, '{}', 'erp', 'test', 60, ?, now())",
                key, company, "0".repeat(64), key);
        execute(connection, "INSERT INTO customers (id, customer_id, company_id, is_test, name, created_at, updated_at)"
                + " VALUES (?, ?, ?, true, 'Cliente', now(), now())", customer, UUID.randomUUID(), company);
    }

    /** A test invoice of 10.00 USD, open, with {@code appliedMinor} of it paid. */
    private UUID document(Connection connection, String externalId, long appliedMinor) throws SQLException {
        UUID id = UUID.randomUUID();
        execute(connection, "INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, customer_id,"
                + " channel, name, currency, total_minor, applied_minor, balance_minor, status, change_xid, created_at, updated_at)"
                + " VALUES (?, ?, true, 'erp', ?, ?, 'public_invoice', 'Factura', 'USD', 1000, ?, ?, 'CREATED',"
                + " pg_current_xact_id(), now(), now())", id, company, externalId, customer, appliedMinor, 1000 - appliedMinor);
        return id;
    }

    /** A checkout of the document's balance, created {@code minutesLater} after the first. */
    private UUID checkout(Connection connection, UUID document, String status, int minutesLater) throws SQLException {
        UUID id = UUID.randomUUID();
        OffsetDateTime created = OffsetDateTime.parse("2026-11-01T10:00:00Z").plusMinutes(minutesLater);
        execute(connection, "INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title,"
                + " description, status, created_at, updated_at)"
                + " SELECT ?, company_id, true, id, 'erp', 'USD', balance_minor, 'Factura', 'Factura', ?, ?, ?"
                + " FROM collection_documents WHERE id = ?", id, status, created, created, document);
        return id;
    }

    private void hosted(Connection connection, UUID invoice, String status) throws SQLException {
        execute(connection, "INSERT INTO external_payments (id, company_id, is_test, api_key_id, mode, status, amount_minor,"
                + " currency, invoice_id, partner, checkout_id, created_at, updated_at)"
                + " VALUES (?, ?, true, ?, 'hosted', ?, 1000, 'USD', ?, 'source:erp', ?, now(), now())",
                UUID.randomUUID(), company, key, status, invoice, UUID.randomUUID());
    }

    private static String status(Connection connection, UUID checkout) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT status FROM checkouts WHERE id = ?")) {
            statement.setObject(1, checkout);
            try (ResultSet row = statement.executeQuery()) {
                assertThat(row.next()).isTrue();
                return row.getString(1);
            }
        }
    }
}
