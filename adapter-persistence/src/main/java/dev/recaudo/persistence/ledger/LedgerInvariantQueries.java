package dev.recaudo.persistence.ledger;

import dev.recaudo.domain.ledger.InvariantViolation;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of the ledger invariants, run on a plain JDBC connection inside whatever transaction it
 * holds: the scheduled check ({@link PgLedgerAudit}) and the reliability battery, which corrupts
 * rows in a transaction, checks, and rolls back, share this one copy. Every row is checked, across
 * companies and environments. Amounts come from three independent records: the document and
 * payment rows, the payment applications, and the ledger entries.
 * <ul>
 * <li>I1: for every document, balance = total - applied - annulled, where applied is the sum of its
 * payment applications (and equals the row's {@code applied_minor}) and annulled is what
 * {@code DOCUMENT_ANNULLED} transfers took off its receivable; and the balance equals the ledger
 * balance of the document's receivable account.</li>
 * <li>I2: no balance below zero or above its total.</li>
 * <li>I3: for every payment, in the application currency, amount = applied + credit + unapplied,
 * where unapplied is the ledger balance of the payment's {@code unapplied_payment} account and
 * applied equals the sum of its applications; a {@code needs_certified_rate} payment counts as wholly
 * unapplied: nothing applied or credited, its whole amount in that account in the payment's currency.
 * A verified payment kept as {@code no_open_documents} also counts as wholly unapplied, but moved no
 * money (docs/decisions.md: it is kept without money movement, so a retry processes it again): nothing
 * applied or credited and nothing in its unapplied account. Money returned out of a payment (its
 * refunds and chargebacks, pending or succeeded) counts on the right as returned; and each refund's
 * {@code refund_in_flight} account holds its amount while it is pending and nothing once it is not.</li>
 * <li>I4: every ledger transfer balances: its entries sum to zero in each currency; and every
 * {@code PROCESSOR_FEE} transfer put into {@code processor_fees:<rail>} exactly the fee its
 * {@code card_payout_fees} row records, and every such row has its transfer.</li>
 * <li>I5: for every customer and currency, the balance of its {@code customer_credit} account is never
 * negative nor above what {@code CREDIT_CREATED} transfers put in it, with what a declined refund put
 * back (what spends credit, a refund, only takes it out), and it equals the sum of the {@code credit_minor} of the customer's payments in
 * that application currency, the credit each still holds: a credit posted without a payment that
 * records it, recorded without its transfer, or refunded on one side only, is found.</li>
 * </ul>
 * Each query is one full scan with hash joins, so its cost grows with the rows, not with their
 * history's shape (docs/reliability.md has the measured cost). A violation names ids and amounts only.
 */
public final class LedgerInvariantQueries {

    /** Violations described per invariant at most; the rest are counted. */
    public static final int VIOLATIONS_SHOWN_MAX = 20;

    private static final String I1 = """
            WITH receivable AS (
                SELECT d.id, coalesce(sum(e.amount_minor), 0) AS ledger_minor,
                       coalesce(-sum(e.amount_minor) FILTER (WHERE t.kind = 'DOCUMENT_ANNULLED'), 0) AS annulled_minor
                FROM collection_documents d
                LEFT JOIN ledger_accounts a ON a.company_id = d.company_id AND a.is_test = d.is_test
                     AND a.code = 'receivable:' || d.id AND a.currency = d.currency
                LEFT JOIN ledger_entries e ON e.account_id = a.id
                LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
                GROUP BY d.id),
            applied AS (SELECT document_id, sum(amount_minor) AS applied_minor FROM payment_applications GROUP BY document_id)
            SELECT 'document ' || d.id || ' (' || d.status || '): balance ' || d.balance_minor || ', total ' || d.total_minor
                   || ', applied ' || coalesce(p.applied_minor, 0) || ' (row says ' || d.applied_minor || '), annulled '
                   || r.annulled_minor || ', receivable in the ledger ' || r.ledger_minor
            FROM collection_documents d JOIN receivable r ON r.id = d.id LEFT JOIN applied p ON p.document_id = d.id
            WHERE d.balance_minor <> d.total_minor - coalesce(p.applied_minor, 0) - r.annulled_minor
               OR d.applied_minor <> coalesce(p.applied_minor, 0)
               OR d.balance_minor <> r.ledger_minor
            ORDER BY d.id""";

    private static final String I2 = """
            SELECT 'document ' || id || ' (' || status || '): balance ' || balance_minor || ', total ' || total_minor
            FROM collection_documents WHERE balance_minor < 0 OR balance_minor > total_minor ORDER BY id""";

    private static final String I3 = """
            WITH unapplied AS (
                SELECT p.id,
                       coalesce(-sum(e.amount_minor) FILTER (WHERE e.currency = p.application_currency), 0) AS in_application_minor,
                       coalesce(-sum(e.amount_minor) FILTER (WHERE e.currency = p.currency), 0) AS in_payment_minor
                FROM payments p
                LEFT JOIN ledger_accounts a ON a.company_id = p.company_id AND a.is_test = p.is_test
                     AND a.code = 'unapplied_payment:' || p.id
                LEFT JOIN ledger_entries e ON e.account_id = a.id
                GROUP BY p.id),
            applications AS (SELECT payment_id, sum(amount_minor) AS applied_minor FROM payment_applications GROUP BY payment_id),
            returned AS (SELECT payment_id, sum(amount_minor) AS returned_minor FROM refunds
                         WHERE status IN ('pending', 'succeeded') GROUP BY payment_id),
            in_flight AS (
                SELECT r.id, r.status, r.amount_minor, coalesce(-sum(e.amount_minor), 0) AS in_flight_minor
                FROM refunds r
                LEFT JOIN ledger_accounts a ON a.company_id = r.company_id AND a.is_test = r.is_test
                     AND a.code = 'refund_in_flight:' || r.id AND a.currency = r.currency
                LEFT JOIN ledger_entries e ON e.account_id = a.id
                GROUP BY r.id, r.status, r.amount_minor)
            SELECT 'payment ' || p.id || ' (' || p.outcome || '): amount ' || p.amount_minor || ' ' || p.currency
                   || ', in ' || p.application_currency || ' ' || coalesce(p.application_amount_minor::text, 'none')
                   || ' = applied ' || p.applied_minor || ' (applications ' || coalesce(x.applied_minor, 0) || ') + credit '
                   || p.credit_minor || ' + unapplied ' || u.in_application_minor
                   || ' (unapplied in ' || p.currency || ': ' || u.in_payment_minor || ') + returned '
                   || coalesce(r.returned_minor, 0)
            FROM payments p JOIN unapplied u ON u.id = p.id LEFT JOIN applications x ON x.payment_id = p.id
            LEFT JOIN returned r ON r.payment_id = p.id
            WHERE CASE WHEN p.outcome = 'needs_certified_rate'
                       THEN p.applied_minor <> 0 OR p.credit_minor <> 0 OR coalesce(x.applied_minor, 0) <> 0
                            OR u.in_payment_minor <> p.amount_minor
                       WHEN p.outcome = 'no_open_documents' AND p.kind = 'VERIFIED'
                       THEN p.applied_minor <> 0 OR p.credit_minor <> 0 OR coalesce(x.applied_minor, 0) <> 0
                            OR u.in_payment_minor <> 0 OR u.in_application_minor <> 0
                       ELSE p.application_amount_minor IS NULL
                            OR p.application_amount_minor
                               <> p.applied_minor + p.credit_minor + u.in_application_minor + coalesce(r.returned_minor, 0)
                            OR p.applied_minor <> coalesce(x.applied_minor, 0) END
            UNION ALL
            SELECT 'refund ' || f.id || ' (' || f.status || '): amount ' || f.amount_minor || ', in flight ' || f.in_flight_minor
            FROM in_flight f
            WHERE f.in_flight_minor <> CASE WHEN f.status = 'pending' THEN f.amount_minor ELSE 0 END
            ORDER BY 1""";

    private static final String I4 = """
            WITH fees AS (
                SELECT t.id, coalesce(sum(e.amount_minor) FILTER (WHERE left(a.code, 15) = 'processor_fees:'), 0) AS fee_minor
                FROM ledger_transfers t
                JOIN ledger_entries e ON e.transfer_id = t.id
                JOIN ledger_accounts a ON a.id = e.account_id
                WHERE t.kind = 'PROCESSOR_FEE'
                GROUP BY t.id)
            SELECT 'transfer ' || e.transfer_id || ' (' || t.kind || '): entries in ' || e.currency || ' sum to ' || sum(e.amount_minor)
            FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
            GROUP BY e.transfer_id, t.kind, e.currency HAVING sum(e.amount_minor) <> 0
            UNION ALL
            SELECT 'processor fee transfer ' || coalesce(f.id, r.transfer_id) || ': booked ' || coalesce(f.fee_minor::text, 'nothing')
                   || ', recorded by the payout fees ' || coalesce(r.fee_minor::text, 'nothing')
            FROM fees f FULL JOIN card_payout_fees r ON r.transfer_id = f.id
            WHERE f.id IS NULL OR r.transfer_id IS NULL OR f.fee_minor <> r.fee_minor
            ORDER BY 1""";

    private static final String I5 = """
            WITH ledger AS (
                SELECT a.company_id, a.is_test, substr(a.code, 17) AS customer_id, a.currency,
                       coalesce(-sum(e.amount_minor), 0) AS balance_minor,
                       coalesce(-sum(e.amount_minor) FILTER (WHERE t.kind IN ('CREDIT_CREATED', 'REFUND_PUT_BACK')), 0) AS created_minor
                FROM ledger_accounts a
                LEFT JOIN ledger_entries e ON e.account_id = a.id
                LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
                WHERE left(a.code, 16) = 'customer_credit:'
                GROUP BY a.company_id, a.is_test, a.code, a.currency),
            recorded AS (
                SELECT company_id, is_test, coalesce(customer_id::text, 'none') AS customer_id,
                       application_currency AS currency, sum(credit_minor) AS credit_minor
                FROM payments WHERE credit_minor <> 0
                GROUP BY company_id, is_test, customer_id, application_currency)
            SELECT 'customer ' || coalesce(l.customer_id, r.customer_id) || ' in ' || coalesce(l.currency, r.currency)
                   || ': credit ' || coalesce(l.balance_minor, 0) || ', created by transfers ' || coalesce(l.created_minor, 0)
                   || ', recorded by payments ' || coalesce(r.credit_minor, 0)
            FROM ledger l FULL JOIN recorded r ON r.company_id = l.company_id AND r.is_test = l.is_test
                 AND r.customer_id = l.customer_id AND r.currency = l.currency
            WHERE coalesce(l.balance_minor, 0) < 0 OR coalesce(l.balance_minor, 0) > coalesce(l.created_minor, 0)
               OR coalesce(l.balance_minor, 0) <> coalesce(r.credit_minor, 0)
            ORDER BY 1""";

    private static final Map<LedgerInvariant, String> QUERIES = Map.of(LedgerInvariant.I1, I1, LedgerInvariant.I2, I2,
            LedgerInvariant.I3, I3, LedgerInvariant.I4, I4, LedgerInvariant.I5, I5);

    private LedgerInvariantQueries() {}

    /** Checks I1-I5 on {@code connection}, in the transaction it holds (one snapshot for all four under REPEATABLE READ). */
    public static LedgerCheck check(Connection connection) throws SQLException {
        Map<LedgerInvariant, Long> counts = new EnumMap<>(LedgerInvariant.class);
        List<InvariantViolation> shown = new ArrayList<>();
        for (LedgerInvariant invariant : LedgerInvariant.values()) {
            try (PreparedStatement statement = connection.prepareStatement(QUERIES.get(invariant));
                    ResultSet rows = statement.executeQuery()) {
                long count = 0;
                while (rows.next()) {
                    if (count++ < VIOLATIONS_SHOWN_MAX) {
                        shown.add(new InvariantViolation(invariant, rows.getString(1)));
                    }
                }
                counts.put(invariant, count);
            }
        }
        return new LedgerCheck(counts, shown);
    }
}
