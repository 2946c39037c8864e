package dev.recaudo.e2e.idempotency;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Migration V0011 on a database that already holds keys and idempotency records: every stored
 * answer names its partner, so records are attributed from it; records it cannot attribute replay
 * to nobody; existing keys start their own lineage.
 */
class PartnerScopeMigrationTest {

    private final UUID company = UUID.randomUUID();
    private ScratchDatabase database;

    @BeforeEach
    void createDatabase() throws SQLException {
        database = new ScratchDatabase();
    }

    @AfterEach
    void dropDatabase() throws SQLException {
        database.close();
    }

    private void givenRecord(Connection connection, String operation, String key, String answer) throws SQLException {
        execute(connection, "INSERT INTO idempotency_records (company_id, is_test, operation, idempotency_key, fingerprint,"
                + " response_status, response_body, created_at, completed_at) VALUES (?, false, ?, ?, 'f', 200, ?, now(), now())",
                company, operation, key, answer);
    }

    @Test
    void givenRecordsAndKeysOfTheEarlierSchema_whenMigrating_thenPartnersBackfilledFromAnswersAndKeysStartTheirLineage()
            throws SQLException {
        database.migrateTo("10");
        UUID keyId = UUID.randomUUID();
        try (Connection connection = database.connect()) {
            execute(connection, "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at)"
                    + " VALUES (?, 'Acme', 'USD', true, now(), now())", company);
            execute(connection, "INSERT INTO api_keys (id, company_id, name, key_prefix, key_hash, permissions, source,"
                    + " environment, rate_limit_rpm, created_at) VALUES (?, ?, 'k', 'rk_live_abcd', ?, '{}', NULL, 'live', 60, now())",
                    keyId, company, "0".repeat(64));
            givenRecord(connection, "public_invoices.create", "invoice",
                    "{\"id\":\"x\",\"provider\":\"erp\",\"metadata\":{\"source\":\"not-this\"}}");
            givenRecord(connection, "integrations.customers.upsert", "customer", "{\"source\":\"acme-erp\",\"status\":\"created\"}");
            givenRecord(connection, "integrations.collection_documents.upsert", "beyond-jsonb",
                    "{\"source\":\"acme-erp\",\"metadata\":{\"x\":1E+100000000}}");
            givenRecord(connection, "integrations.verified_payments", "not-json", "<html>");
            givenRecord(connection, "integrations.certified_rate", "no-partner", "{\"status\":\"applied\"}");
        }

        database.migrateTo("11");

        Map<String, String> partners = new HashMap<>();
        try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT idempotency_key, partner FROM idempotency_records")) {
                while (rows.next()) {
                    partners.put(rows.getString(1), rows.getString(2));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT lineage_id FROM api_keys")) {
                rows.next();
                assertThat(rows.getObject(1)).isEqualTo(keyId);
            }
            // The same key value is now free for another partner of the company.
            execute(connection, "INSERT INTO idempotency_records (company_id, is_test, partner, operation, idempotency_key,"
                    + " fingerprint, created_at) VALUES (?, false, 'source:beta-erp', 'integrations.customers.upsert', 'customer',"
                    + " 'v2:f', now())", company);
        }
        assertThat(partners).containsExactlyInAnyOrderEntriesOf(Map.of(
                "invoice", "source:erp",
                "customer", "source:acme-erp",
                "beyond-jsonb", "unattributed",
                "not-json", "unattributed",
                "no-partner", "unattributed"));
    }
}
