package dev.recaudo.domain.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.DocumentLifecycle.AnnulVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.Rejection;
import dev.recaudo.domain.document.DocumentLifecycle.ReturnVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.SettlementVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.UpdateVerdict;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The states table, without a database. */
class DocumentLifecycleTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private static Money usd(long minor) {
        return Money.of(minor, CurrencyCode.USD);
    }

    private static CollectionDocument open(long totalMinor) {
        return CollectionDocument.invoice(new TenantScope(CompanyId.random(), KeyEnvironment.LIVE), "erp",
                "FAC-1", Optional.of("FAC-1"), UUID.randomUUID(), "V-1",
                new DocumentDetails("Factura", Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty()),
                Optional.empty(), usd(totalMinor), NOW);
    }

    private static DocumentLine line(long amountMinor) {
        return new DocumentLine(1, amountMinor, amountMinor, Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static CollectionDocument in(DocumentStatus status) {
        CollectionDocument document = open(2000);
        return switch (status) {
            case CREATED -> document;
            case PAID, CONCILIATED, PAID_FROM_PROVIDER -> document.withPayment(usd(2000), status, NOW);
            case DELETE_FROM_PROVIDER -> document.annulled(NOW);
            case FAILED -> document.withStatus(DocumentStatus.FAILED, NOW);
        };
    }

    @Test
    void givenOpenWithoutPayments_whenUpdating_thenInformationOnlyOrAmountChange() {
        assertThat(DocumentLifecycle.update(open(2000), usd(2000))).isInstanceOf(UpdateVerdict.InformationOnly.class);
        assertThat(DocumentLifecycle.update(open(2000), usd(2500)))
                .isEqualTo(new UpdateVerdict.AmountChange(usd(500)));
        assertThat(DocumentLifecycle.update(open(2000), usd(1500)))
                .isEqualTo(new UpdateVerdict.AmountChange(usd(-500)));
    }

    @Test
    void givenOpenWithPaymentApplied_whenUpdatingAnything_thenPaymentsApplied() {
        CollectionDocument partial = open(2000).withPayment(usd(500), DocumentStatus.CREATED, NOW);
        assertThat(DocumentLifecycle.update(partial, usd(2000))).isEqualTo(new UpdateVerdict.Rejected(Rejection.PAYMENTS_APPLIED));
        assertThat(DocumentLifecycle.update(partial, usd(3000))).isEqualTo(new UpdateVerdict.Rejected(Rejection.PAYMENTS_APPLIED));
    }

    @ParameterizedTest
    @EnumSource(value = DocumentStatus.class, names = {"PAID", "CONCILIATED", "PAID_FROM_PROVIDER"})
    void givenSettled_whenUpdating_thenSameAmountOnly(DocumentStatus status) {
        assertThat(DocumentLifecycle.update(in(status), usd(2000))).isInstanceOf(UpdateVerdict.InformationOnly.class);
        assertThat(DocumentLifecycle.update(in(status), usd(2001)))
                .isEqualTo(new UpdateVerdict.Rejected(Rejection.SETTLED_AMOUNT_DIFFERS));
    }

    @ParameterizedTest
    @EnumSource(value = DocumentStatus.class, names = {"DELETE_FROM_PROVIDER", "FAILED"})
    void givenTerminal_whenUpdating_thenStatusForbids(DocumentStatus status) {
        assertThat(DocumentLifecycle.update(in(status), usd(2000))).isEqualTo(new UpdateVerdict.Rejected(Rejection.STATUS_FORBIDS));
    }

    @Test
    void givenADocumentWithLines_whenAnAmountAloneWouldChangeItsTotal_thenTotalFollowsLines() {
        List<DocumentLine> twoLines = List.of(line(500), line(500));
        CollectionDocument itemized = open(1000);
        assertThat(DocumentLifecycle.updateAmount(itemized, usd(1500), twoLines))
                .isEqualTo(new UpdateVerdict.Rejected(Rejection.TOTAL_FOLLOWS_LINES));
        assertThat(DocumentLifecycle.updateAmount(itemized, usd(999), twoLines))
                .isEqualTo(new UpdateVerdict.Rejected(Rejection.TOTAL_FOLLOWS_LINES));
        assertThat(DocumentLifecycle.updateAmount(itemized, usd(1000), twoLines)).isInstanceOf(UpdateVerdict.InformationOnly.class);
        // Without lines the amount is the total, as the states table says.
        assertThat(DocumentLifecycle.updateAmount(itemized, usd(1500), List.of())).isEqualTo(new UpdateVerdict.AmountChange(usd(500)));
    }

    @Test
    void givenADocumentWithLines_whenItsStatusRefusesFirst_thenThatReasonComesFirst() {
        List<DocumentLine> lines = List.of(line(2000));
        CollectionDocument partial = open(2000).withPayment(usd(500), DocumentStatus.CREATED, NOW);
        assertThat(DocumentLifecycle.updateAmount(partial, usd(3000), lines))
                .isEqualTo(new UpdateVerdict.Rejected(Rejection.PAYMENTS_APPLIED));
        assertThat(DocumentLifecycle.updateAmount(in(DocumentStatus.PAID), usd(3000), lines))
                .isEqualTo(new UpdateVerdict.Rejected(Rejection.SETTLED_AMOUNT_DIFFERS));
        assertThat(DocumentLifecycle.updateAmount(in(DocumentStatus.PAID), usd(2000), lines))
                .isInstanceOf(UpdateVerdict.InformationOnly.class);
    }

    @Test
    void givenDeletion_whenJudged_thenOnlyDocumentsWithoutMoneyAreAnnulled() {
        assertThat(DocumentLifecycle.annul(open(2000))).isEqualTo(new AnnulVerdict.Annul(usd(2000)));
        assertThat(DocumentLifecycle.annul(in(DocumentStatus.FAILED))).isEqualTo(new AnnulVerdict.Annul(usd(2000)));
        assertThat(DocumentLifecycle.annul(in(DocumentStatus.DELETE_FROM_PROVIDER))).isInstanceOf(AnnulVerdict.AlreadyAnnulled.class);
        assertThat(DocumentLifecycle.annul(open(2000).withPayment(usd(1), DocumentStatus.CREATED, NOW)))
                .isEqualTo(new AnnulVerdict.Rejected(Rejection.MONEY_APPLIED));
        for (DocumentStatus settled : new DocumentStatus[] {DocumentStatus.PAID, DocumentStatus.CONCILIATED,
                DocumentStatus.PAID_FROM_PROVIDER}) {
            assertThat(DocumentLifecycle.annul(in(settled))).isEqualTo(new AnnulVerdict.Rejected(Rejection.MONEY_APPLIED));
        }
    }

    @Test
    void givenSettlementFromProvider_whenJudged_thenOnlyOpenAndUntouchedDocumentsSettle() {
        assertThat(DocumentLifecycle.settleFromProvider(open(2000))).isEqualTo(new SettlementVerdict.Settle(usd(2000)));
        assertThat(DocumentLifecycle.settleFromProvider(in(DocumentStatus.PAID_FROM_PROVIDER)))
                .isInstanceOf(SettlementVerdict.AlreadySettled.class);
        assertThat(DocumentLifecycle.settleFromProvider(open(2000).withPayment(usd(5), DocumentStatus.CREATED, NOW)))
                .isEqualTo(new SettlementVerdict.Rejected(Rejection.PAYMENTS_APPLIED));
        for (DocumentStatus status : new DocumentStatus[] {DocumentStatus.PAID, DocumentStatus.CONCILIATED,
                DocumentStatus.DELETE_FROM_PROVIDER, DocumentStatus.FAILED}) {
            assertThat(DocumentLifecycle.settleFromProvider(in(status)))
                    .isEqualTo(new SettlementVerdict.Rejected(Rejection.STATUS_FORBIDS));
        }
    }

    @Test
    void givenTransitionTable_whenAsked_thenMatchesTheSpecification() {
        assertThat(DocumentLifecycle.canMove(DocumentStatus.CREATED, DocumentStatus.PAID)).isTrue();
        assertThat(DocumentLifecycle.canMove(DocumentStatus.PAID, DocumentStatus.CONCILIATED)).isTrue();
        assertThat(DocumentLifecycle.canMove(DocumentStatus.PAID_FROM_PROVIDER, DocumentStatus.CONCILIATED)).isFalse();
        assertThat(DocumentLifecycle.canMove(DocumentStatus.CONCILIATED, DocumentStatus.PAID)).isFalse();
        for (DocumentStatus target : DocumentStatus.values()) {
            assertThat(DocumentLifecycle.canMove(DocumentStatus.DELETE_FROM_PROVIDER, target)).isFalse();
        }
        assertThat(DocumentLifecycle.allowsMove(in(DocumentStatus.PAID), DocumentStatus.CONCILIATED)).isTrue();
        assertThat(DocumentLifecycle.allowsMove(open(2000), DocumentStatus.FAILED)).isTrue();
        assertThat(DocumentLifecycle.allowsMove(open(2000).withPayment(usd(1), DocumentStatus.CREATED, NOW),
                DocumentStatus.FAILED)).isFalse();
        assertThat(DocumentLifecycle.payCheckout(in(DocumentStatus.PAID))).isEqualTo(new SettlementVerdict.Rejected(Rejection.STATUS_FORBIDS));
        assertThat(DocumentLifecycle.payCheckout(open(700))).isEqualTo(new SettlementVerdict.Settle(usd(700)));
    }

    @Test
    void givenATotalAboveTheMaximumAmount_whenIssuingOrRetotaling_thenRefused() {
        assertThat(open(Money.AMOUNT_MINOR_MAX).balance()).isEqualTo(usd(Money.AMOUNT_MINOR_MAX));
        assertThatIllegalArgumentException().isThrownBy(() -> open(Money.AMOUNT_MINOR_MAX + 1));
        assertThatIllegalArgumentException().isThrownBy(() -> open(2000).withTotal(usd(Money.AMOUNT_MINOR_MAX + 1), NOW));
    }

    @Test
    void givenPaidDocument_whenMoneyIsReturned_thenItOwesThatAgainAsCreatedAndARepaymentSettlesItAgain() {
        CollectionDocument paid = in(DocumentStatus.PAID);
        assertThat(DocumentLifecycle.refund(paid, usd(700))).isEqualTo(new ReturnVerdict.Reopen());
        assertThat(DocumentLifecycle.canMove(DocumentStatus.PAID, DocumentStatus.CREATED)).isTrue();

        CollectionDocument reopened = paid.withPaymentReturned(usd(700), NOW);
        assertThat(reopened.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(reopened.balance()).isEqualTo(usd(700));
        assertThat(reopened.applied()).isEqualTo(usd(1300));
        assertThat(DocumentLifecycle.repay(reopened, usd(700))).isEqualTo(new ReturnVerdict.Repay(DocumentStatus.PAID));
        assertThat(DocumentLifecycle.repay(reopened, usd(300))).isEqualTo(new ReturnVerdict.Repay(DocumentStatus.CREATED));
        assertThat(DocumentLifecycle.repay(reopened, usd(701))).isEqualTo(new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS));
        assertThat(DocumentLifecycle.repay(paid, usd(700))).isEqualTo(new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS));
    }

    @Test
    void givenReconciledDocument_whenRefunded_thenRefusedButAChargebackReopensIt() {
        CollectionDocument conciliated = in(DocumentStatus.CONCILIATED);
        assertThat(DocumentLifecycle.refund(conciliated, usd(2000))).isEqualTo(new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS));
        assertThat(DocumentLifecycle.chargeBack(conciliated, usd(2000))).isEqualTo(new ReturnVerdict.Reopen());
    }

    @ParameterizedTest
    @EnumSource(value = DocumentStatus.class, names = {"PAID_FROM_PROVIDER", "DELETE_FROM_PROVIDER", "FAILED"})
    void givenDocumentNoExternalPaymentCanHavePaid_whenMoneyIsReturned_thenRefused(DocumentStatus status) {
        assertThat(DocumentLifecycle.chargeBack(in(status), usd(1))).isEqualTo(new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS));
    }

    @Test
    void givenMoreThanWasApplied_whenReturned_thenRefused() {
        CollectionDocument partial = open(2000).withPayment(usd(500), DocumentStatus.CREATED, NOW);
        assertThat(DocumentLifecycle.refund(partial, usd(500))).isEqualTo(new ReturnVerdict.Reopen());
        assertThat(DocumentLifecycle.refund(partial, usd(501))).isEqualTo(new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS));
        assertThatIllegalArgumentException().isThrownBy(() -> partial.withPaymentReturned(usd(501), NOW));
    }
}
