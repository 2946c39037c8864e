package dev.recaudo.battery;

import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import dev.recaudo.persistence.ledger.LedgerInvariantQueries;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The ledger invariants of issue 12 (I1-I4) and of issue 22 (I5, customer credit), checked by SQL on the database itself, so that no
 * mistake in the service's code can hide in its own check. The SQL is the one the service's
 * scheduled audit runs in production ({@link LedgerInvariantQueries}, which states each invariant),
 * run here on the battery's own connection: every row, across companies and environments.
 */
public final class LedgerInvariants {

    private LedgerInvariants() {}

    /** Checks I1-I5 on a fresh connection to {@code database}. */
    public static void assertHold(Database database) throws SQLException {
        try (Connection connection = database.connect()) {
            assertHold(connection);
        }
    }

    /**
     * Checks I1-I5 on {@code connection}, inside whatever transaction it holds, so a test may
     * corrupt rows, check, and roll back. Fails with every broken invariant and its first rows.
     */
    public static void assertHold(Connection connection) throws SQLException {
        LedgerCheck check = LedgerInvariantQueries.check(connection);
        if (check.holds()) {
            return;
        }
        List<String> broken = new ArrayList<>();
        check.firstViolations().forEach(violation -> broken.add(violation.toString()));
        for (LedgerInvariant invariant : LedgerInvariant.values()) {
            if (check.violations(invariant) > LedgerInvariantQueries.VIOLATIONS_SHOWN_MAX) {
                broken.add(invariant + " " + invariant.rule() + ": and "
                        + (check.violations(invariant) - LedgerInvariantQueries.VIOLATIONS_SHOWN_MAX) + " more");
            }
        }
        throw new AssertionError("ledger invariants broken:\n" + String.join("\n", broken));
    }
}
