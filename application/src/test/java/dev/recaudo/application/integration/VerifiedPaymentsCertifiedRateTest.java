package dev.recaudo.application.integration;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.Amounts.ves;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static dev.recaudo.application.fixtures.PaymentFixture.verified;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.CertifiedRateCommand;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.CertifiedRate;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A payment in another currency than its documents waits for a certified rate, then applies; in memory. */
class VerifiedPaymentsCertifiedRateTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final VerifiedPaymentsService service = books.verifiedPayments();
    private final CustomerLink customer = books.givenCustomer(SCOPE, "erp", "C-1");
    private CollectionDocument invoice;

    @BeforeEach
    void aDocumentInBolivares() {
        invoice = books.givenIssued(document(SCOPE).withExternalId("DC-V").forCustomer(customer).withTotal(ves(365_00)).build());
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    /** A payment in dollars for the document in bolivares: kept, waiting for its rate. */
    private Payment awaitingRate(String externalPaymentId, Money amount) {
        ApplyResult result = service.apply(verified(SCOPE, externalPaymentId).of(amount).listing("DC-V", 365_00).build());
        assertThat(result).isInstanceOf(ApplyResult.Processed.class);
        return books.payment(externalPaymentId);
    }

    private ApplyResult certify(String externalPaymentId, String rate, long refAmountMinor) {
        return service.certify(new CertifiedRateCommand(SCOPE, "erp", externalPaymentId, CurrencyCode.VES, refAmountMinor,
                CertifiedRate.parse(rate).orElseThrow(), LocalDate.of(2026, 11, 22), List.of(new ListedDocument("DC-V", 365_00)),
                Optional.empty(), "req-rate"));
    }

    @Test
    void givenADollarPaymentForBolivarDocuments_whenApplied_thenItIsReceivedAndWaitsForARate() {
        Payment waiting = awaitingRate("P-1", usd(10_00));

        assertThat(waiting.outcome()).isEqualTo(PaymentOutcome.NEEDS_CERTIFIED_RATE);
        assertThat(waiting.applicationAmount()).isEmpty();
        assertThat(books.ledger().transfers(TransferKind.PAYMENT_RECEIVED)).hasSize(1);
        assertThat(books.payments().applications()).isEmpty();
        assertThat(service.apply(verified(SCOPE, "P-1").of(usd(10_00)).listing("DC-V", 365_00).build()))
                .isInstanceOf(ApplyResult.AlreadyProcessed.class);
    }

    @Test
    void givenAWaitingPayment_whenTheRateConvertsItToTheStatedAmount_thenConvertedAppliedAndTheRateKept() {
        awaitingRate("P-1", usd(10_00));

        ApplyResult result = certify("P-1", "36.5", 365_00);

        assertThat(result).isInstanceOf(ApplyResult.Processed.class);
        Payment certified = books.payment("P-1");
        assertThat(certified.outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(certified.applicationAmount()).hasValue(ves(365_00));
        assertThat(certified.exchangeRateUsed()).hasValue("36.5");
        assertThat(books.payments().exchangeRates()).singleElement().satisfies(rate -> {
            assertThat(rate.from()).isEqualTo(CurrencyCode.USD);
            assertThat(rate.to()).isEqualTo(CurrencyCode.VES);
            assertThat(certified.exchangeRateId()).hasValue(rate.id());
        });
        assertThat(books.ledger().transfers(TransferKind.CURRENCY_CONVERTED)).hasSize(1);
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.PAID);
        assertThat(certify("P-1", "36.5", 365_00)).isEqualTo(new ApplyResult.Rejected(Rejection.NOT_AWAITING_RATE, "applied"));
    }

    @Test
    void givenAWaitingPayment_whenTheStatedAmountIsNotTheConversion_thenRejectedAndStillWaiting() {
        awaitingRate("P-1", usd(10_00));

        assertThat(certify("P-1", "36.5", 365_01))
                .isEqualTo(new ApplyResult.Rejected(Rejection.REFERENCE_AMOUNT_MISMATCH, "36500"));
        assertThat(certify("P-404", "36.5", 365_00)).isEqualTo(new ApplyResult.Rejected(Rejection.PAYMENT_NOT_FOUND, "P-404"));

        assertThat(books.payments().exchangeRates()).isEmpty();
        assertThat(books.payment("P-1").outcome()).isEqualTo(PaymentOutcome.NEEDS_CERTIFIED_RATE);
    }

    @Test
    void givenAPaymentAtTheMaximum_whenTheRateConvertsItAboveTheMaximum_thenRejectedBeforeAnyWrite() {
        awaitingRate("P-1", usd(Money.AMOUNT_MINOR_MAX));
        int writesBefore = books.payments().writes();
        for (String rate : new String[] {"36.5", "9999999999999999999"}) {
            assertThat(certify("P-1", rate, 100)).as(rate)
                    .isEqualTo(new ApplyResult.Rejected(Rejection.CONVERSION_ABOVE_MAXIMUM, Long.toString(Money.AMOUNT_MINOR_MAX)));
        }
        assertThat(books.payments().writes()).isEqualTo(writesBefore);
        assertThat(books.payments().exchangeRates()).isEmpty();
        assertThat(books.payment("P-1").outcome()).isEqualTo(PaymentOutcome.NEEDS_CERTIFIED_RATE);
    }

    @Test
    void givenAPaymentStoredAtTheLargestLong_whenCertifying_thenRejectedInsteadOfOverflowing() {
        awaitingRate("P-2", usd(Long.MAX_VALUE));

        assertThat(certify("P-2", "36.5", 100))
                .isEqualTo(new ApplyResult.Rejected(Rejection.CONVERSION_ABOVE_MAXIMUM, Long.toString(Long.MAX_VALUE)));
        assertThat(books.payments().exchangeRates()).isEmpty();
    }
}
