package dev.recaudo.domain.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LedgerCheckTest {

    @Test
    void givenOnlyI3Counted_whenRead_thenEveryOtherInvariantReadsZeroAndTheLedgerDoesNotHold() {
        LedgerCheck check = new LedgerCheck(Map.of(LedgerInvariant.I3, 2L),
                List.of(new InvariantViolation(LedgerInvariant.I3, "payment p-1 (applied): amount 100 USD")));

        assertThat(check.violations(LedgerInvariant.I1)).isZero();
        assertThat(check.violations(LedgerInvariant.I3)).isEqualTo(2);
        assertThat(check.holds()).isFalse();
        assertThat(check.firstViolations().get(0)).hasToString(
                "I3 amount = applied + credit + unapplied + returned; a pending refund holds its amount in flight:"
                        + " payment p-1 (applied): amount 100 USD");
    }

    @Test
    void givenZeroEverywhere_whenRead_thenTheLedgerHolds() {
        assertThat(new LedgerCheck(Map.of(LedgerInvariant.I1, 0L), List.of()).holds()).isTrue();
    }
}
