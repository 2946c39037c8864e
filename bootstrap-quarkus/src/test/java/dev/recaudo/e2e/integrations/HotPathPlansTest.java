package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StatementRecorder;
import dev.recaudo.e2e.support.StatementRecorder.Statement;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The statements a verified payment really runs (recorded at the {@code NativeSql} helper) must not
 * walk a large table, whatever the ledger holds: 100,000 ledger entries and 25,000 documents,
 * payments and applications of another company are loaded first, and every statement is explained
 * with its parameters twice. First as loaded: PostgreSQL analyzes a table only once a tenth of it
 * changed, so a growing ledger always has rows its statistics do not know, and a plan that is only
 * safe with fresh statistics is not safe. Then after {@code ANALYZE}. Its own profile gives it a
 * database of its own, so no other test shares the load or the statistics.
 */
@QuarkusTest
@TestProfile(NoPollers.class)
class HotPathPlansTest {

    private static final Set<String> LARGE_TABLES = Set.of("ledger_entries", "payments", "payment_applications",
            "collection_documents");
    /** Each seeded document has two transfers of two entries: 100,000 ledger entries. */
    private static final int SEEDED_DOCUMENTS = 25_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    StatementRecorder recorder;

    @Inject
    NativeSql nativeSql;

    @Test
    void givenALargeLedger_whenAVerifiedPaymentIsApplied_thenNoStatementItRunsWalksALargeTable() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("HP-1", "C-1", "USD", 1_000);
        partner.createDocument("HP-2", "C-1", "USD", 1_000);
        seed(Tenants.company().id());
        try {
            String path = partner.base + "/verified-payments";
            List<String> shownInOrder = new ArrayList<>();
            List<Statement> statements = recorder.record(() -> {
                Response applied = Integrations.post(partner.key, path,
                        Partner.payment("HP-P", "C-1", 1_500, "USD", "HP-2", 1_000, "HP-1", 500), UUID.randomUUID().toString());
                applied.then().statusCode(200);
                shownInOrder.addAll(applied.jsonPath().getList("documents.externalDocumentId"));
                return applied.header("X-Request-Id");
            });
            assertThat(shownInOrder).as("the order the partner listed").containsExactly("HP-2", "HP-1");
            // The payment answers from what it wrote; reading it back is the read's, planned here too.
            statements = new ArrayList<>(statements);
            statements.addAll(recorder.record(() -> {
                Response shown = partner.get("/payments/HP-P");
                shown.then().statusCode(200).body("documents.externalDocumentId", contains("HP-2", "HP-1"));
                return shown.header("X-Request-Id");
            }));
            // A paid document's view and a page of the list: their parts are selected by the documents' ids.
            statements.addAll(recorded(() -> partner.get("/collection-documents/HP-2")));
            statements.addAll(recorded(() -> partner.get("/collection-documents", "limit=2")));
            assertThat(statements).extracting(Statement::sql)
                    .anyMatch(sql -> sql.contains("payment_applications") && sql.startsWith("SELECT"))
                    .anyMatch(sql -> sql.contains("FROM document_lines l"))
                    .anyMatch(sql -> sql.contains("JOIN customer_links l") && sql.endsWith("LIMIT 1"))
                    .anyMatch(sql -> sql.contains("recaudo_post_transfers"));

            assertThat(walks(statements)).as("plans with the statistics as loaded").isEmpty();
            Sql.execute("ANALYZE");
            assertThat(walks(statements)).as("plans after ANALYZE").isEmpty();
        } finally {
            for (String table : LARGE_TABLES) {
                Sql.execute("ALTER TABLE " + table + " RESET (autovacuum_enabled)");
            }
        }
    }

    /** The statements of a read that answers 200. */
    private List<Statement> recorded(Supplier<Response> read) {
        return recorder.record(() -> {
            Response shown = read.get();
            shown.then().statusCode(200);
            return shown.header("X-Request-Id");
        });
    }

    /** What each statement's plan walks: a sequential scan of a large table, or an index scan no condition bounds. */
    private List<String> walks(List<Statement> statements) throws Exception {
        List<String> walks = new ArrayList<>();
        for (Statement statement : statements) {
            String plan = nativeSql.queryOne("EXPLAIN (FORMAT JSON) " + statement.sql(), row -> row.getString(1),
                    statement.parameters().toArray()).orElseThrow();
            collectWalks(JSON.readTree(plan).get(0).get("Plan"), statement.sql(), walks);
        }
        return walks;
    }

    private static void collectWalks(JsonNode node, String sql, List<String> walks) {
        String relation = node.path("Relation Name").asText();
        String type = node.path("Node Type").asText();
        if (LARGE_TABLES.contains(relation)) {
            String bound = node.path("Index Cond").asText("");
            boolean unbounded = bound.isEmpty() || bound.matches("\\(\\w+ IS NOT NULL\\)");
            if (type.equals("Seq Scan") || (type.startsWith("Index") && unbounded)) {
                walks.add(type + " on " + relation + (node.has("Filter") ? " filtering " + node.get("Filter").asText() : "")
                        + " in: " + sql);
            }
        }
        node.path("Plans").forEach(child -> collectWalks(child, sql, walks));
    }

    /**
     * Another company's paid documents, each issued and paid by a verified payment: balanced
     * transfers, receivables at zero, applications matching, as the service itself would leave
     * them. Autovacuum stays away until the test ends, so the statistics are the ones from before.
     */
    private static void seed(UUID companyId) throws SQLException {
        for (String table : LARGE_TABLES) {
            Sql.execute("ALTER TABLE " + table + " SET (autovacuum_enabled = false)");
        }
        UUID customer = UUID.randomUUID();
        UUID billing = UUID.randomUUID();
        UUID collections = UUID.randomUUID();
        try (Connection connection = PostgresTestDatabase.connect()) {
            connection.setAutoCommit(false);
            Sql.execute(connection, "CREATE TEMP TABLE seed ON COMMIT DROP AS SELECT n, gen_random_uuid() AS document_id,"
                    + " gen_random_uuid() AS payment_id, gen_random_uuid() AS receivable_id, gen_random_uuid() AS issued_id,"
                    + " gen_random_uuid() AS applied_id FROM generate_series(1, ?) n", SEEDED_DOCUMENTS);
            Sql.execute(connection, "INSERT INTO customers (id, customer_id, company_id, is_test, name, created_at, updated_at)"
                    + " VALUES (?, gen_random_uuid(), ?, false, 'Seed customer', now(), now())", customer, companyId);
            Sql.execute(connection, "INSERT INTO collection_documents (id, company_id, is_test, source, external_document_id,"
                    + " customer_id, channel, name, currency, total_minor, applied_minor, balance_minor, status, created_at,"
                    + " updated_at) SELECT document_id, ?, false, 'seed', 'SEED-' || n, ?, 'integration', 'Seed ' || n, 'USD',"
                    + " 100, 100, 0, 'PAID', now(), now() FROM seed", companyId, customer);
            Sql.execute(connection, "INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id,"
                    + " currency, amount_minor, application_currency, application_amount_minor, applied_minor, credit_minor,"
                    + " outcome, paid_at, created_at, updated_at) SELECT payment_id, ?, false, 'seed', 'SEED-' || n, 'VERIFIED',"
                    + " ?, 'USD', 100, 'USD', 100, 100, 0, 'applied', now(), now(), now() FROM seed", companyId, customer);
            Sql.execute(connection, "INSERT INTO ledger_accounts (id, company_id, is_test, code, currency, created_at)"
                    + " SELECT receivable_id, ?, false, 'receivable:' || document_id, 'USD', now() FROM seed"
                    + " UNION ALL VALUES (?, ?, false, 'billing', 'USD', now()),"
                    + " (?, ?, false, 'partner_collections:seed', 'USD', now())",
                    companyId, billing, companyId, collections, companyId);
            Sql.execute(connection, "INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)"
                    + " SELECT issued_id, ?, false, 'DOCUMENT_ISSUED', document_id, NULL::uuid, now() FROM seed"
                    + " UNION ALL SELECT applied_id, ?, false, 'PAYMENT_APPLIED', document_id, payment_id, now() FROM seed",
                    companyId, companyId);
            Sql.execute(connection, "INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                    + " SELECT issued_id, receivable_id, 'USD', 100, now() FROM seed"
                    + " UNION ALL SELECT issued_id, ?, 'USD', -100, now() FROM seed"
                    + " UNION ALL SELECT applied_id, ?, 'USD', 100, now() FROM seed"
                    + " UNION ALL SELECT applied_id, receivable_id, 'USD', -100, now() FROM seed", billing, collections);
            Sql.execute(connection, "INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency,"
                    + " amount_minor, transfer_id, position, applied_at)"
                    + " SELECT gen_random_uuid(), payment_id, document_id, ?, false, 'USD', 100, applied_id, 0, now() FROM seed",
                    companyId);
            connection.commit();
        }
    }
}
