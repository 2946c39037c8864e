package dev.recaudo.domain.ledger;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one check of I1-I5 found: how many rows break each invariant, and the first of them (at
 * most a few per invariant, so a badly broken ledger still gives a report of bounded size).
 */
public record LedgerCheck(Map<LedgerInvariant, Long> violationCounts, List<InvariantViolation> firstViolations) {

    public LedgerCheck {
        Objects.requireNonNull(violationCounts, "violationCounts");
        EnumMap<LedgerInvariant, Long> counts = new EnumMap<>(LedgerInvariant.class);
        for (LedgerInvariant invariant : LedgerInvariant.values()) {
            counts.put(invariant, violationCounts.getOrDefault(invariant, 0L));
        }
        violationCounts = Map.copyOf(counts);
        firstViolations = List.copyOf(firstViolations);
    }

    /** Rows found breaking {@code invariant}. */
    public long violations(LedgerInvariant invariant) {
        return violationCounts.get(invariant);
    }

    /** True when no row breaks any invariant. */
    public boolean holds() {
        return violationCounts.values().stream().allMatch(count -> count == 0);
    }
}
