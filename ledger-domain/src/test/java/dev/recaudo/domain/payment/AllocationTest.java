package dev.recaudo.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verified-payments decision table, row by row. */
class AllocationTest {

    private static final DocumentId A = DocumentId.random();
    private static final DocumentId B = DocumentId.random();

    private static Money usd(long minor) {
        return Money.of(minor, CurrencyCode.USD);
    }

    private static Allocation.ListedDocument listed(DocumentId id, long listed, long open) {
        return new Allocation.ListedDocument(id, usd(listed), usd(open));
    }

    @Test
    void givenListedEqualsAmountAndBalances_whenAllocating_thenApplied() {
        Allocation allocation = Allocation.of(usd(1500), List.of(listed(A, 1000, 1000), listed(B, 500, 800)));
        assertThat(allocation.outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(allocation.applications()).containsExactly(
                new Allocation.DocumentApplication(A, usd(1000)), new Allocation.DocumentApplication(B, usd(500)));
        assertThat(allocation.credit()).isEqualTo(usd(0));
        assertThat(allocation.unapplied()).isEqualTo(usd(0));
    }

    @Test
    void givenAmountAboveListed_whenAllocating_thenCreditedWithExcess() {
        Allocation allocation = Allocation.of(usd(1300), List.of(listed(A, 1000, 1000)));
        assertThat(allocation.outcome()).isEqualTo(PaymentOutcome.CREDITED);
        assertThat(allocation.credit()).isEqualTo(usd(300));
    }

    @Test
    void givenListedAboveBalance_whenAllocating_thenPartiallyAppliedWithShortfallAndExcessUnapplied() {
        Allocation allocation = Allocation.of(usd(1200), List.of(listed(A, 1000, 400), listed(B, 100, 100)));
        assertThat(allocation.outcome()).isEqualTo(PaymentOutcome.PARTIALLY_APPLIED);
        assertThat(allocation.applied()).isEqualTo(usd(500));
        assertThat(allocation.unapplied()).isEqualTo(usd(700));
        assertThat(allocation.credit()).isEqualTo(usd(0));
    }

    @Test
    void givenNothingOpen_whenAllocating_thenNoOpenDocuments() {
        Allocation allocation = Allocation.of(usd(100), List.of(listed(A, 100, 0)));
        assertThat(allocation.outcome()).isEqualTo(PaymentOutcome.NO_OPEN_DOCUMENTS);
        assertThat(allocation.applications()).isEmpty();
        assertThat(allocation.unapplied()).isEqualTo(usd(100));
    }

    @Test
    void givenListedAboveAmount_whenAllocating_thenRefused() {
        assertThatThrownBy(() -> Allocation.of(usd(100), List.of(listed(A, 101, 500))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenAnyAllocation_thenAmountEqualsAppliedPlusCreditPlusUnapplied() {
        for (long amount : new long[] {100, 250, 999}) {
            Allocation allocation = Allocation.of(usd(amount), List.of(listed(A, 60, 50), listed(B, 40, 400)));
            assertThat(allocation.applied().plus(allocation.credit()).plus(allocation.unapplied())).isEqualTo(usd(amount));
        }
    }

    @Test
    void givenAnAmountAboveTheMaximum_whenAllocating_thenRefusedBeforeAnySum() {
        long above = Money.AMOUNT_MINOR_MAX + 1;
        assertThatThrownBy(() -> Allocation.of(usd(above), List.of(listed(A, 1000, 1000))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Allocation.of(usd(Long.MAX_VALUE),
                List.of(listed(A, Long.MAX_VALUE, 1000), listed(B, Long.MAX_VALUE, 1000))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maximum");
        assertThat(Allocation.of(usd(Money.AMOUNT_MINOR_MAX), List.of(listed(A, Money.AMOUNT_MINOR_MAX, Money.AMOUNT_MINOR_MAX)))
                .outcome()).isEqualTo(PaymentOutcome.APPLIED);
    }
}
