package dev.recaudo.e2e.access;

import dev.recaudo.e2e.support.ServiceUnderTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A digest per table of the rows a victim owns, read straight from the database, so that a call
 * that changed any of them (a write that answered like a miss) shows as a changed digest. Columns
 * that background work legitimately changes (delivery attempts and their leases, an endpoint's
 * health, a key's last use)
 * are left out; which rows and columns are read is written out per table below.
 */
final class VictimRows {

    /** Every row of one company; {@code ?} is the company id. */
    private static final Map<String, String> COMPANY = new LinkedHashMap<>();
    /** The rows of one partner of a company; the first {@code ?} is the company id, the second the source. */
    private static final Map<String, String> PARTNER = new LinkedHashMap<>();

    static {
        String documents = "SELECT id FROM collection_documents WHERE company_id = ?::uuid";
        COMPANY.put("companies", "SELECT * FROM companies WHERE id = ?::uuid");
        // Tables whose every column is the company's own and stays put unless a request changes it.
        for (String table : List.of("collection_documents", "customers", "customer_links", "payments", "payment_applications",
                "checkouts", "ledger_accounts", "ledger_transfers", "exchange_rates", "external_payments",
                "external_payment_secrets", "idempotency_records", "audit_records", "outbox_events",
                "products", "checkout_customers", "refunds")) {
            COMPANY.put(table, "SELECT * FROM " + table + " WHERE company_id = ?::uuid");
        }
        // An endpoint's health (failures in a row, pauses) is the dispatcher's, kept as it sends.
        COMPANY.put("webhook_endpoints", "SELECT to_jsonb(w) - ARRAY['consecutive_failures', 'pauses', 'paused_until']"
                + " FROM webhook_endpoints w WHERE company_id = ?::uuid");
        COMPANY.put("document_lines", "SELECT * FROM document_lines WHERE document_id IN (" + documents + ")");
        COMPANY.put("ledger_entries", "SELECT e.* FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id"
                + " WHERE t.company_id = ?::uuid");
        COMPANY.put("external_payment_callbacks", "SELECT id, url, body, created_at FROM external_payment_callbacks"
                + " WHERE company_id = ?::uuid");
        COMPANY.put("api_keys", "SELECT id, name, key_hash, permissions, source, environment, rate_limit_rpm, revoked_at,"
                + " lineage_id FROM api_keys WHERE company_id = ?::uuid");
        COMPANY.put("webhook_deliveries", "SELECT id, event_id, endpoint_id, created_at FROM webhook_deliveries"
                + " WHERE company_id = ?::uuid");
        COMPANY.put("jobs", "SELECT id, kind, source, created_at FROM jobs WHERE company_id = ?::uuid");

        String partnerDocuments = "SELECT id FROM collection_documents WHERE company_id = ?::uuid AND source = ?";
        String partnerPayments = "SELECT id FROM payments WHERE company_id = ?::uuid AND source = ?";
        PARTNER.put("collection_documents", "SELECT * FROM collection_documents WHERE company_id = ?::uuid AND source = ?");
        PARTNER.put("document_lines", "SELECT * FROM document_lines WHERE document_id IN (" + partnerDocuments + ")");
        PARTNER.put("customer_links", "SELECT * FROM customer_links WHERE company_id = ?::uuid AND source = ?");
        PARTNER.put("payments", "SELECT * FROM payments WHERE company_id = ?::uuid AND source = ?");
        PARTNER.put("payment_applications", "SELECT * FROM payment_applications WHERE payment_id IN (" + partnerPayments + ")");
        PARTNER.put("checkouts", "SELECT * FROM checkouts WHERE company_id = ?::uuid AND source = ?");
        PARTNER.put("ledger_transfers", "SELECT * FROM ledger_transfers WHERE document_id IN (" + partnerDocuments + ")");
        PARTNER.put("ledger_entries", "SELECT e.* FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id"
                + " WHERE t.document_id IN (" + partnerDocuments + ")");
        PARTNER.put("exchange_rates", "SELECT * FROM exchange_rates WHERE payment_id IN (" + partnerPayments + ")");
        PARTNER.put("external_payments", "SELECT * FROM external_payments WHERE company_id = ?::uuid AND partner = 'source:' || ?");
        PARTNER.put("refunds", "SELECT * FROM refunds WHERE company_id = ?::uuid AND partner = 'source:' || ?");
        PARTNER.put("idempotency_records", "SELECT * FROM idempotency_records WHERE company_id = ?::uuid"
                + " AND partner = 'source:' || ?");
        PARTNER.put("audit_records", "SELECT * FROM audit_records WHERE company_id = ?::uuid AND partner = 'source:' || ?");
        PARTNER.put("api_keys", "SELECT id, name, key_hash, permissions, source, environment, rate_limit_rpm, revoked_at,"
                + " lineage_id FROM api_keys WHERE company_id = ?::uuid AND source = ?");
        PARTNER.put("jobs", "SELECT id, kind, source, created_at FROM jobs WHERE company_id = ?::uuid AND source = ?");
    }

    private VictimRows() {}

    /** The digests of company {@code company}'s rows, or only of partner {@code source}'s when it is given. */
    static Map<String, String> of(UUID company, String source) {
        Map<String, String> digests = new LinkedHashMap<>();
        try (Connection connection = ServiceUnderTest.connect()) {
            for (Map.Entry<String, String> table : (source == null ? COMPANY : PARTNER).entrySet()) {
                digests.put(table.getKey(), digest(connection, table.getValue(), company, source));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return digests;
    }

    private static String digest(Connection connection, String rows, UUID company, String source) throws SQLException {
        String sql = "SELECT count(*) || ':' || md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM (" + rows + ") r";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int parameters = statement.getParameterMetaData().getParameterCount();
            for (int i = 0; i < parameters; i++) {
                statement.setString(i + 1, i % 2 == 0 || source == null ? company.toString() : source);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getString(1);
            }
        }
    }
}
