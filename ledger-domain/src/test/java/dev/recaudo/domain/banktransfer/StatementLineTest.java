package dev.recaudo.domain.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StatementLineTest {

    private static StatementLine line(boolean credit, boolean reversal, Optional<String> bankReference) {
        return new StatementLine(3, Money.of(2000, CurrencyCode.USD), credit, reversal, LocalDate.of(2026, 11, 27),
                Optional.empty(), bankReference, Optional.empty(), "pago", Optional.empty(), Optional.empty());
    }

    @Test
    void aReversalOrDebitCarryingItsCreditsBankReferenceIsAnotherEntry_andAPlainCreditKeepsItsEarlierIdentity() {
        Optional<String> ref = Optional.of("BNK-1");
        assertThat(line(true, false, ref).identity("s")).isEqualTo("ref:BNK-1");
        assertThat(Set.of(line(true, false, ref).identity("s"), line(false, false, ref).identity("s"),
                line(false, true, ref).identity("s"), line(true, true, ref).identity("s"))).hasSize(4);
        assertThat(line(false, true, ref).identity("s")).isEqualTo("ref-rvsl-dbit:BNK-1");
        assertThat(line(false, true, Optional.empty()).identity("s")).isEqualTo("line:s:3");
    }
}
