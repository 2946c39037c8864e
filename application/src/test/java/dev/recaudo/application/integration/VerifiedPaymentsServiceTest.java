package dev.recaudo.application.integration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryPaymentRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.CertifiedRateCommand;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.CertifiedRate;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.webhook.Outbox;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Certified rates against the maximum amount, without a database. */
class VerifiedPaymentsServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final Ledger ledger = Unused.port(Ledger.class);
    private final VerifiedPaymentsService service = new VerifiedPaymentsService(payments,
            Unused.port(CollectionDocumentRepository.class), Unused.port(CustomerRepository.class), ledger,
            new DocumentBook(Unused.port(CollectionDocumentRepository.class), Unused.port(CheckoutRepository.class),
                    Unused.port(ExternalPaymentRepository.class), payments,
                    ledger, Unused.port(Outbox.class), new PublicInvoiceProjection("https://recaudo.example")),
            new DirectTransactions(), new MutableClock(NOW));

    /** A USD payment for VES documents, waiting for its rate. */
    private void awaitingRate(String externalPaymentId, long amountMinor) {
        payments.insert(new Payment(UUID.randomUUID(), SCOPE, "erp", externalPaymentId, PaymentKind.VERIFIED,
                Optional.of(UUID.randomUUID()), Optional.of("C-1"), Money.of(amountMinor, CurrencyCode.USD), Optional.empty(),
                Money.zero(CurrencyCode.VES), Money.zero(CurrencyCode.VES), PaymentOutcome.NEEDS_CERTIFIED_RATE,
                Optional.empty(), Optional.empty(), Optional.of("req-1"), Optional.empty(), NOW, NOW, NOW));
    }

    private ApplyResult certify(String externalPaymentId, String rate, long refAmountMinor) {
        return service.certify(new CertifiedRateCommand(SCOPE, "erp", externalPaymentId, CurrencyCode.VES, refAmountMinor,
                CertifiedRate.parse(rate).orElseThrow(), LocalDate.of(2026, 11, 22), List.of(new ListedDocument("V", 1)),
                Optional.empty(), "req-2"));
    }

    @Test
    void givenAPaymentAtTheMaximum_whenTheRateConvertsItAboveTheMaximum_thenRejectedBeforeAnyWrite() {
        awaitingRate("P-1", Money.AMOUNT_MINOR_MAX);
        int writesBefore = payments.writes();
        for (String rate : new String[] {"36.5", "9999999999999999999"}) {
            assertThat(certify("P-1", rate, 100)).as(rate)
                    .isEqualTo(new ApplyResult.Rejected(Rejection.CONVERSION_ABOVE_MAXIMUM, Long.toString(Money.AMOUNT_MINOR_MAX)));
        }
        assertThat(payments.writes()).isEqualTo(writesBefore);
        assertThat(payments.exchangeRates()).isEmpty();
        assertThat(payments.findVerified(SCOPE, "erp", "P-1").orElseThrow().outcome()).isEqualTo(PaymentOutcome.NEEDS_CERTIFIED_RATE);
    }

    @Test
    void givenAPaymentStoredAtTheLargestLong_whenCertifying_thenRejectedInsteadOfOverflowing() {
        awaitingRate("P-2", Long.MAX_VALUE);
        assertThat(certify("P-2", "36.5", 100))
                .isEqualTo(new ApplyResult.Rejected(Rejection.CONVERSION_ABOVE_MAXIMUM, Long.toString(Long.MAX_VALUE)));
        assertThat(payments.exchangeRates()).isEmpty();
    }
}
