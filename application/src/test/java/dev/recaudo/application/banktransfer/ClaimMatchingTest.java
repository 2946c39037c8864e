package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryCheckoutRepository;
import dev.recaudo.application.fakes.InMemoryPayerReports;
import dev.recaudo.application.fakes.InMemoryProposals;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ClaimMatchingTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 27);

    private final CompanyId companyId = CompanyId.random();
    private final TenantScope live = new TenantScope(companyId, KeyEnvironment.LIVE);
    private final InMemoryCheckoutRepository checkouts = new InMemoryCheckoutRepository();
    private final InMemoryPayerReports reports = new InMemoryPayerReports();
    private final InMemoryProposals proposals = new InMemoryProposals();
    private final ClaimMatching matching = new ClaimMatching(reports, checkouts, proposals, Clock.systemUTC());

    private Checkout checkout() {
        Checkout checkout = Checkout.forBalanceOf(document(live).build(), Instant.now());
        checkouts.insert(checkout);
        return checkout;
    }

    private PayerReport report(Checkout checkout, String reference, Money amount, LocalDate day) {
        PayerReport report = new PayerReport(UUID.randomUUID(), companyId, checkout.id(), "Banco de Venezuela", "04141234567",
                reference, day, amount, PayerReport.OPEN, Instant.now());
        assertThat(reports.insert(report, 3)).isTrue();
        return report;
    }

    private static StatementLine credit(Money amount, LocalDate booked, String bankReference, String remittance) {
        return new StatementLine(1, amount, true, false, booked, Optional.empty(), Optional.ofNullable(bankReference),
                Optional.empty(), remittance, Optional.empty(), Optional.empty());
    }

    @Test
    void givenAReportWithTheStatementsBankReferenceAmountAndDate_thenItIsConfirmedForItsCheckout() {
        Checkout checkout = checkout();
        PayerReport report = report(checkout, "004512345678", checkout.amount(), DAY);
        ClaimMatching.Outcome outcome = matching.match(companyId, UUID.randomUUID(),
                credit(checkout.amount(), DAY.plusDays(1), "004512345678", "PAGO MOVIL"));
        assertThat(outcome).isEqualTo(new ClaimMatching.Outcome.Confirmed(report, checkout));
        assertThat(proposals.made()).isEmpty();
    }

    @Test
    void givenABankThatPrintsTheReferencesLastDigitsInTheRemittance_thenTheReportIsConfirmed() {
        Checkout checkout = checkout();
        report(checkout, "004512345678", checkout.amount(), DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(checkout.amount(), DAY, null, "PM 12345678 04141234567")))
                .isInstanceOf(ClaimMatching.Outcome.Confirmed.class);
    }

    @Test
    void givenTheReferenceButAnotherAmount_thenAProposalWhoseReasonIsTheReport() {
        Checkout checkout = checkout();
        report(checkout, "004512345678", checkout.amount(), DAY);
        Money less = Money.of(checkout.amount().amountMinor() - 1, checkout.amount().currency());
        UUID entry = UUID.randomUUID();
        assertThat(matching.match(companyId, entry, credit(less, DAY, "004512345678", "")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(1));
        assertThat(proposals.made()).singleElement().satisfies(made -> {
            assertThat(made.entryId()).isEqualTo(entry);
            assertThat(made.checkoutId()).isEqualTo(checkout.id());
            assertThat(made.confidence()).isEqualTo(50);
            assertThat(made.reason()).contains("the payer reported a transfer", "004512345678", "amount differ");
        });
    }

    @Test
    void givenTheRightAmountAndReferenceButADateLongAfterTheReport_thenOnlyAProposal() {
        Checkout checkout = checkout();
        report(checkout, "004512345678", checkout.amount(), DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(checkout.amount(), DAY.plusDays(9), "004512345678", "")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(1));
        assertThat(proposals.made().get(0).reason()).contains("date differ");
    }

    @Test
    void givenThePhoneAndAmountWithoutTheReference_thenAProposalNotAPayment() {
        Checkout checkout = checkout();
        report(checkout, "004512345678", checkout.amount(), DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(checkout.amount(), DAY, "B-9", "PAGO DE 0414-1234567")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(1));
        assertThat(proposals.made().get(0).confidence()).isEqualTo(55);
    }

    @Test
    void givenACreditThatBearsOutNoReport_orOnlyItsAmount_thenNothing() {
        Checkout checkout = checkout();
        report(checkout, "004512345678", checkout.amount(), DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(checkout.amount(), DAY, "777", "pago")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(0));
        assertThat(matching.match(CompanyId.random(), UUID.randomUUID(), credit(checkout.amount(), DAY, "004512345678", "")))
                .as("another company's reports").isEqualTo(new ClaimMatching.Outcome.Proposed(0));
        assertThat(proposals.made()).isEmpty();
    }

    @Test
    void givenTwoCheckoutsWhoseReportsTheCreditBothConfirms_thenBothAreProposedAndNeitherPaid() {
        Checkout one = checkout();
        Checkout other = checkout();
        report(one, "004512345678", one.amount(), DAY);
        report(other, "004512345678", other.amount(), DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(one.amount(), DAY, "004512345678", "")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(2));
    }

    @Test
    void givenAConfirmedReportWhoseCheckoutIsForAnotherAmount_thenAProposal() {
        Checkout checkout = checkout();
        Money other = Money.of(checkout.amount().amountMinor() + 500, checkout.amount().currency());
        report(checkout, "004512345678", other, DAY);
        assertThat(matching.match(companyId, UUID.randomUUID(), credit(other, DAY, "004512345678", "")))
                .isEqualTo(new ClaimMatching.Outcome.Proposed(1));
    }

    @Test
    void givenAShortReference_thenOnlyAnExactTokenMatchesIt() {
        Checkout checkout = checkout();
        report(checkout, "4567", checkout.amount(), DAY);
        assertThat(ClaimEvidence.of(reports.openOf(checkout.id()).get(0), credit(checkout.amount(), DAY, "1234567", "")).reference())
                .isFalse();
        assertThat(ClaimEvidence.of(reports.openOf(checkout.id()).get(0), credit(checkout.amount(), DAY, "B", "ref 4567")).confirms())
                .isTrue();
    }
}
