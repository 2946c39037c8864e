package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The checker itself: I1-I5 hold on real traffic through both instances (documents paid fully,
 * partly and with a credit, one annulled, a payment waiting for a certified rate), and each check
 * fails when one row is corrupted. Corruptions happen inside a transaction that is rolled back,
 * so each test starts from the same healthy rows.
 */
class LedgerInvariantsIT {

    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String A = "A-" + RUN;
    private static final String B = "B-" + RUN;
    private static final String C = "C-" + RUN;
    private static final String D = "D-" + RUN;
    private static final String P1 = "P-1-" + RUN;
    private static final String P2 = "P-2-" + RUN;
    private static final String P3 = "P-3-" + RUN;
    private static final String P4 = "P-4-" + RUN;

    /** Drops the CHECK constraints that keep a balance within its total, so I2's own check can be shown to bite. */
    private static final String DROP_BALANCE_CHECKS = "DO $$ DECLARE c text; BEGIN FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'collection_documents'::regclass"
                + " AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%balance_minor%' LOOP"
                + " EXECUTE format('ALTER TABLE collection_documents DROP CONSTRAINT %I', c); END LOOP; END $$";

    private static Battery battery;
    private static Company company;
    private static String documentB;
    private static String documentA;
    private static String credited;
    private static String awaitingRate;

    @BeforeAll
    static void traffic() throws Exception {
        battery = Battery.shared();
        company = battery.company();
        IntegrationsPartner partner = company.integrationsPartner();
        partner.createDocument(A, "C-1", "USD", 1000);
        partner.createDocument(B, "C-1", "USD", 500);
        partner.createDocument(C, "C-1", "USD", 300);
        partner.createDocument(D, "C-1", "USD", 700);
        pay(partner.verifiedPayment(P1, "C-1", 1000, "USD", key(), A, 1000), "applied");
        pay(partner.verifiedPayment(P2, "C-1", 200, "USD", key(), B, 200), "applied");
        credited = pay(partner.verifiedPayment(P3, "C-1", 1000, "USD", key(), C, 300), "credited");
        awaitingRate = pay(partner.verifiedPayment(P4, "C-1", 36500, "VES", key(), D, 700), "needs_certified_rate");

        documentA = documentId(A);
        documentB = documentId(B);
        // A partner's support desk finds the customer by its tax id (a query the access log must not keep).
        Answer found = battery.client().send(partner.get("/customers", "search=" + partner.customer("C-1").get("taxId")));
        assertThat(found.json().getList("items")).as("customers found by tax id: %s", found).hasSize(1);

        Company.Key invoices = company.invoicesKey();
        Answer invoice = battery.client().send(Call.post("/v1/invoices", Json.object("reference", "V-1", "provider", "erp",
                "amount", 20, "name", "Factura 0001")).header("Authorization", "Bearer " + invoices.secret())
                .header("x-idempotency", key()));
        assertThat(invoice.status()).as("invoice: %s", invoice).isEqualTo(201);
        Answer annulled = battery.client().send(Call.of("DELETE", "/v1/invoices/" + invoice.json().getString("id"), "")
                .header("Authorization", "Bearer " + invoices.secret()));
        assertThat(annulled.status()).as("annulment: %s", annulled).isEqualTo(204);
    }

    @Test
    void givenPaymentsCreditsAnnulmentsAndAWaitingRate_whenChecked_thenI1ToI5Hold() throws Exception {
        try (Connection connection = battery.database().connect()) {
            assertThat(texts(connection, "SELECT DISTINCT status FROM collection_documents WHERE company_id = '" + company.id()
                    + "' ORDER BY 1"))
                    .as("the rows the checks run over").containsExactly("CREATED", "DELETE_FROM_PROVIDER", "PAID");
            LedgerInvariants.assertHold(connection);
        }
        battery.assertInvariants();
    }

    @Test
    void givenADocumentTotalRaised_whenChecked_thenI1Fails() throws Exception {
        assertBroken("I1 ", documentB, "UPDATE collection_documents SET total_minor = total_minor + 1 WHERE external_document_id = '" + B + "'");
    }

    @Test
    void givenAppliedOnADocumentRowLowered_whenChecked_thenI1Fails() throws Exception {
        assertBroken("I1 ", documentB, "UPDATE collection_documents SET applied_minor = applied_minor - 1, total_minor = total_minor - 1"
                + " WHERE external_document_id = '" + B + "'");
    }

    @Test
    void givenABalancedTransferOntoAReceivable_whenChecked_thenI1FailsAndI4Holds() throws Exception {
        assertBroken("I1 ", documentB, moveOne("receivable:' || (SELECT id FROM collection_documents WHERE external_document_id = '" + B + "') || '",
                "billing"));
    }

    @Test
    void givenABalanceAboveItsTotal_whenChecked_thenI2Fails() throws Exception {
        assertBroken("I2 ", documentA, DROP_BALANCE_CHECKS,
                "UPDATE collection_documents SET balance_minor = total_minor + 1 WHERE external_document_id = '" + A + "'");
    }

    @Test
    void givenANegativeBalance_whenChecked_thenI2Fails() throws Exception {
        assertBroken("I2 ", documentA, DROP_BALANCE_CHECKS,
                "UPDATE collection_documents SET balance_minor = -1 WHERE external_document_id = '" + A + "'");
    }

    @Test
    void givenACreditLowered_whenChecked_thenI3Fails() throws Exception {
        assertBroken("I3 ", credited, "UPDATE payments SET credit_minor = credit_minor - 1 WHERE external_payment_id = '" + P3 + "'");
    }

    @Test
    void givenMoneyTakenFromAPaymentsUnappliedAccount_whenChecked_thenI3Fails() throws Exception {
        assertBroken("I3 ", credited, moveOne("partner_collections:acme-erp",
                "unapplied_payment:' || (SELECT id FROM payments WHERE external_payment_id = '" + P3 + "') || '"));
    }

    @Test
    void givenAWaitingPaymentWithACredit_whenChecked_thenI3Fails() throws Exception {
        assertBroken("I3 ", awaitingRate, "UPDATE payments SET credit_minor = 1 WHERE external_payment_id = '" + P4 + "'");
    }

    @Test
    void givenAnEntryAddedToATransfer_whenChecked_thenI4Fails() throws Exception {
        assertBroken("I4 ", "transfer ", "INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                + " SELECT e.transfer_id, e.account_id, e.currency, 1, now() FROM payment_applications a JOIN ledger_entries e"
                + " ON e.transfer_id = a.transfer_id JOIN payments p ON p.id = a.payment_id WHERE p.external_payment_id = '" + P1 + "' LIMIT 1");
    }

    /** Runs {@code corruption} in a transaction, expects {@code invariant} to name {@code row}, and rolls back. */
    private static void assertBroken(String invariant, String row, String... corruption) throws SQLException {
        try (Connection connection = battery.database().connect()) {
            connection.setAutoCommit(false);
            try {
                for (String statement : corruption) {
                    try (PreparedStatement prepared = connection.prepareStatement(statement)) {
                        prepared.execute();
                    }
                }
                assertThatThrownBy(() -> LedgerInvariants.assertHold(connection)).isInstanceOf(AssertionError.class)
                        .satisfies(failure -> assertThat(failure.getMessage().lines())
                                .anyMatch(line -> line.startsWith(invariant) && line.contains(row)));
            } finally {
                connection.rollback();
            }
        }
    }

    /** A balanced transfer of one minor unit from account {@code from} to account {@code to} of the partner's company. */
    private static String moveOne(String from, String to) {
        String transfer = UUID.randomUUID().toString();
        String companyId = "'" + company.id() + "'";
        return "WITH t AS (INSERT INTO ledger_transfers (id, company_id, is_test, kind, created_at) SELECT '" + transfer + "', "
                + companyId + ", false, 'DOCUMENT_ADJUSTED', now() RETURNING id)"
                + " INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                + " SELECT t.id, a.id, a.currency, CASE WHEN a.code = '" + from + "' THEN 1 ELSE -1 END, now()"
                + " FROM t, ledger_accounts a WHERE a.company_id = " + companyId + " AND a.currency = 'USD'"
                + " AND a.code IN ('" + from + "', '" + to + "')";
    }

    private static String pay(Call payment, String outcome) throws Exception {
        Answer answer = battery.client().sendWithFailover(payment);
        assertThat(answer.status()).as("payment: %s", answer).isEqualTo(200);
        assertThat(answer.json().getString("status")).as("payment: %s", answer).isEqualTo(outcome);
        return answer.json().getString("paymentId");
    }

    private static String documentId(String externalDocumentId) throws SQLException {
        try (Connection connection = battery.database().connect()) {
            return texts(connection, "SELECT id FROM collection_documents WHERE external_document_id = '" + externalDocumentId + "'").get(0);
        }
    }

    private static String key() {
        return UUID.randomUUID().toString();
    }

    private static List<String> texts(Connection connection, String sql) throws SQLException {
        List<String> texts = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                texts.add(rows.getString(1));
            }
        }
        return texts;
    }
}
