package dev.recaudo.e2e.integrations;

import static dev.recaudo.e2e.support.ScratchDatabase.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.ScratchDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Migration V0016 on payments an earlier schema holds: a settlement takes its invoice's id and keeps
 * the provider's payment id; a payment of Recaudo's whose id a partner had already given a verified
 * payment takes a suffix, while the partner's id stays as sent; then every id names one payment.
 */
class PaymentIdsMigrationTest {

    private final UUID company = UUID.randomUUID();
    private final UUID document = UUID.randomUUID();
    private final UUID settlement = UUID.randomUUID();
    private final UUID checkoutPayment = UUID.randomUUID();
    private final UUID verified = UUID.randomUUID();

    @Test
    void givenSettlementAndCollidingIds_whenMigrating_thenEveryIdNamesOnePaymentAndTheProviderIdIsKept() throws SQLException {
        Map<UUID, String[]> migrated = new HashMap<>();
        try (ScratchDatabase database = new ScratchDatabase()) {
            database.migrateTo("15");
            try (Connection connection = database.connect()) {
                givenPaymentsOfTheEarlierSchema(connection);
            }
            database.migrateTo("16");
            try (Connection connection = database.connect(); Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT id, external_payment_id, provider_payment_id FROM payments")) {
                while (rows.next()) {
                    migrated.put(rows.getObject(1, UUID.class), new String[] {rows.getString(2), rows.getString(3)});
                }
            }
        }
        assertThat(migrated.get(settlement)).containsExactly("settlement:" + document, "BANK-7");
        assertThat(migrated.get(verified)).containsExactly("checkout:" + document, null);
        assertThat(migrated.get(checkoutPayment))
                .containsExactly("checkout:" + document + ":" + checkoutPayment.toString().substring(0, 8), null);
    }

    private void givenPaymentsOfTheEarlierSchema(Connection connection) throws SQLException {
        UUID customer = UUID.randomUUID();
        UUID transfer = UUID.randomUUID();
        execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
        execute(connection, "INSERT INTO customers (id, customer_id, company_id, is_test, name, created_at, updated_at)"
                + " VALUES (?, ?, ?, false, 'Cliente', now(), now())", customer, UUID.randomUUID(), company);
        execute(connection, "INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id, customer_id,"
                + " channel, name, currency, total_minor, applied_minor, balance_minor, status, created_at, updated_at)"
                + " VALUES (?, ?, false, 'erp', 'INV-1', ?, 'public_invoice', 'Factura', 'USD', 1000, 1000, 0,"
                + " 'PAID_FROM_PROVIDER', now(), now())", document, company, customer);
        execute(connection, "INSERT INTO ledger_transfers (id, company_id, is_test, kind, created_at)"
                + " VALUES (?, ?, false, 'PAYMENT_APPLIED', now())", transfer, company);
        payment(connection, settlement, "BANK-7", "PROVIDER_SETTLEMENT");
        execute(connection, "INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency,"
                + " amount_minor, transfer_id, applied_at, position) VALUES (?, ?, ?, ?, false, 'USD', 1000, ?, now(), 0)",
                UUID.randomUUID(), settlement, document, company, transfer);
        // Before the reserved prefixes were refused, a partner could take the id of one of Recaudo's payments.
        payment(connection, checkoutPayment, "checkout:" + document, "CHECKOUT");
        payment(connection, verified, "checkout:" + document, "VERIFIED");
    }

    private void payment(Connection connection, UUID id, String externalPaymentId, String kind) throws SQLException {
        execute(connection, "INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, currency,"
                + " amount_minor, application_currency, application_amount_minor, applied_minor, credit_minor, outcome,"
                + " paid_at, created_at, updated_at) VALUES (?, ?, false, 'erp', ?, ?, 'USD', 1000, 'USD', 1000, 1000, 0,"
                + " 'applied', now(), now(), now())", id, company, externalPaymentId, kind);
    }
}
