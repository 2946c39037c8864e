package dev.recaudo.application.externalpayment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CancelResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.Rejection;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemoryExternalPaymentRepository;
import dev.recaudo.application.fakes.InMemoryLedger;
import dev.recaudo.application.fakes.InMemoryPaymentRepository;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Creation, completion and cancel of external payments without an invoice, without a database. */
class ExternalPaymentsServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);
    private static final TenantScope LIVE = new TenantScope(SCOPE.companyId(), KeyEnvironment.LIVE);
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    private final InMemoryExternalPaymentRepository externalPayments = new InMemoryExternalPaymentRepository();
    private final InMemoryCallbacks callbacks = new InMemoryCallbacks();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryLedger ledger = new InMemoryLedger();
    private final WebhookTargetPolicy targets = url -> url.startsWith("https://hooks.example/")
            ? new WebhookTargetPolicy.TargetCheck.Allowed() : new WebhookTargetPolicy.TargetCheck.Refused("not public");

    private final CountingMetrics metrics = new CountingMetrics();

    private final DocumentBook book = new DocumentBook(Unused.port(CollectionDocumentRepository.class),
            Unused.port(CheckoutRepository.class), externalPayments, payments, ledger, Unused.port(Outbox.class),
            new PublicInvoiceProjection("https://recaudo.example"));

    private Processors processors(Optional<PaymentProcessor> live) {
        return new Processors(new SandboxProcessor(new InMemorySandboxChargeBook(), new InMemorySandboxRefundBook(), new MutableClock(NOW)), live);
    }

    private ExternalPaymentsService service(Optional<PaymentProcessor> live) {
        return new ExternalPaymentsService(externalPayments, callbacks, Unused.port(CollectionDocumentRepository.class),
                payments, ledger, book, targets, processors(live), new DirectTransactions(), metrics, new MutableClock(NOW));
    }

    private DirectChargeService charges(Optional<PaymentProcessor> live) {
        return new DirectChargeService(externalPayments, callbacks, Unused.port(CollectionDocumentRepository.class), payments,
                ledger, book, processors(live), new DirectTransactions(), metrics, new MutableClock(NOW), Duration.ofMinutes(1),
                UntakenMoney.KEPT_AS_CREDIT);
    }

    private final ExternalPaymentsService service = service(Optional.empty());

    /** A direct payment created, charged and recorded, its three phases one after the other. */
    private ExternalPayment direct(TenantScope scope, long amountMinor, Optional<PaymentProcessor> live) {
        ExternalPayment pending = created(service(live).create(command(scope, ExternalPaymentMode.DIRECT, amountMinor,
                Optional.empty())));
        assertThat(pending.status()).isEqualTo(ExternalPaymentStatus.PENDING);
        DirectChargeService charges = charges(live);
        var outcome = charges.charge(scope, pending.partner(), pending.id());
        return charges.record(scope, pending.partner(), pending.id(), outcome).payment();
    }

    private static CreatePayment command(TenantScope scope, ExternalPaymentMode mode, long amountMinor, Optional<String> callback) {
        return new CreatePayment(scope, "erp", Optional.of("erp"), UUID.randomUUID(), mode, Money.of(amountMinor, CurrencyCode.USD),
                Optional.empty(), Optional.of("order-1"), callback, Optional.empty(), Optional.empty(),
                // A live direct payment carries the processor's payment-method token.
                scope.isTest() ? Optional.empty() : Optional.of("pm_card_visa"));
    }

    private ExternalPayment created(CreateResult result) {
        assertThat(result).isInstanceOf(CreateResult.Created.class);
        return ((CreateResult.Created) result).view().payment();
    }

    private ExternalPayment hosted(long amountMinor) {
        return created(service.create(command(SCOPE, ExternalPaymentMode.HOSTED, amountMinor,
                Optional.of("https://hooks.example/paid"))));
    }

    @Test
    void givenHostedPaymentWithoutInvoice_whenCompleted_thenExternalPaymentRecordedMoneyHeldUnappliedAndCallbackQueued() {
        ExternalPayment pending = hosted(2500);
        assertThat(pending.status()).isEqualTo(ExternalPaymentStatus.PENDING);
        assertThat(ledger.transfers()).isEmpty();

        Completion completion = service.completeHosted(SCOPE, Optional.of("erp"), pending.checkoutId().orElseThrow());

        assertThat(completion).isInstanceOf(Completion.Completed.class);
        ExternalPayment completed = ((Completion.Completed) completion).payment();
        assertThat(completed.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        // Made without an invoice, it is on no partner's document: the integrations API does not find it.
        assertThat(payments.find(SCOPE, "erp", "external:" + pending.id())).isEmpty();
        Payment payment = payments.all().stream()
                .filter(stored -> stored.externalPaymentId().equals("external:" + pending.id())).findFirst().orElseThrow();
        assertThat(payment.id()).isEqualTo(completed.paymentId().orElseThrow());
        assertThat(payment.kind()).isEqualTo(PaymentKind.EXTERNAL);
        assertThat(payment.outcome()).isEqualTo(PaymentOutcome.NO_OPEN_DOCUMENTS);
        assertThat(payment.applied().isZero()).isTrue();
        assertThat(payment.credit().isZero()).isTrue();
        assertThat(ledger.transfers()).hasSize(1);
        assertThat(ledger.transfers().get(0).entries()).containsExactlyInAnyOrder(
                Entry.debit(AccountCode.externalCollections(), Money.of(2500, CurrencyCode.USD)),
                Entry.credit(AccountCode.unappliedPayment(payment.id()), Money.of(2500, CurrencyCode.USD)));
        assertThat(callbacks.attemptsOf(SCOPE, List.of(pending.id()))).isEmpty(); // queued, not attempted yet
        assertThat(callbacks.candidates(SCOPE.environment(), NOW, 1, 1).due()).as("one callback queued").hasSize(1);
        assertThat(metrics.payments()).containsExactly(PaymentCount.of(PaymentFamily.EXTERNAL, PaymentOutcome.NO_OPEN_DOCUMENTS));
    }

    @Test
    void givenPendingThenCompletedPayment_whenRead_thenTheRecordedPaymentComesOnlyOnceCompleted() {
        ExternalPayment pending = hosted(2500);
        ExternalPayment other = hosted(1000);
        assertThat(service.get(SCOPE, "erp", pending.id()).orElseThrow().recorded()).isEmpty();

        service.completeHosted(SCOPE, Optional.empty(), pending.checkoutId().orElseThrow());

        Payment recorded = service.get(SCOPE, "erp", pending.id()).orElseThrow().recorded().orElseThrow();
        assertThat(recorded.id()).isEqualTo(externalPayments.find(SCOPE, "erp", pending.id()).orElseThrow().paymentId().orElseThrow());
        assertThat(recorded.applied()).isEqualTo(Money.zero(CurrencyCode.USD));
        assertThat(recorded.credit()).isEqualTo(Money.zero(CurrencyCode.USD));
        assertThat(service.list(SCOPE, "erp", 1, 10).items())
                .extracting(view -> view.payment().id(), view -> view.recorded().map(Payment::id))
                .containsExactlyInAnyOrder(tuple(pending.id(), Optional.of(recorded.id())),
                        tuple(other.id(), Optional.empty()));
    }

    @Test
    void givenCompletedHostedPayment_whenCompletedAgain_thenAlreadyCompletedAndNothingMoreIsRecorded() {
        ExternalPayment pending = hosted(2500);
        service.completeHosted(SCOPE, Optional.empty(), pending.checkoutId().orElseThrow());
        int writes = payments.writes();

        Completion again = service.completeHosted(SCOPE, Optional.empty(), pending.checkoutId().orElseThrow());

        assertThat(again).isInstanceOf(Completion.AlreadyCompleted.class);
        assertThat(payments.writes()).isEqualTo(writes);
        assertThat(ledger.transfers()).hasSize(1);
        assertThat(metrics.payments()).containsExactly(PaymentCount.of(PaymentFamily.EXTERNAL, PaymentOutcome.NO_OPEN_DOCUMENTS),
                PaymentCount.of(PaymentFamily.EXTERNAL, PaymentOutcome.ALREADY_PROCESSED));
    }

    @Test
    void givenCheckoutOfAnotherPartnerEnvironmentOrNone_whenCompleting_thenNotFound() {
        ExternalPayment pending = hosted(2500);
        UUID checkoutId = pending.checkoutId().orElseThrow();

        assertThat(service.completeHosted(SCOPE, Optional.of("pos"), checkoutId)).isEqualTo(new Completion.NotFound());
        assertThat(service.completeHosted(LIVE, Optional.empty(), checkoutId)).isEqualTo(new Completion.NotFound());
        assertThat(service.completeHosted(SCOPE, Optional.empty(), UUID.randomUUID())).isEqualTo(new Completion.NotFound());
        assertThat(externalPayments.find(SCOPE, "erp", pending.id()).orElseThrow().isPending()).isTrue();
        assertThat(ledger.transfers()).isEmpty();
    }

    @Test
    void givenCanceledHostedPayment_whenCompleting_thenNotPayableAndNoMoney() {
        ExternalPayment pending = hosted(2500);
        assertThat(service.cancel(SCOPE, "erp", pending.id())).isInstanceOf(CancelResult.Canceled.class);

        assertThat(service.completeHosted(SCOPE, Optional.empty(), pending.checkoutId().orElseThrow()))
                .isInstanceOf(Completion.NotPayable.class);
        assertThat(ledger.transfers()).isEmpty();
        assertThat(payments.writes()).isZero();
        assertThat(metrics.payments()).containsExactly(PaymentCount.rejected(PaymentFamily.EXTERNAL, PaymentRefusal.NOT_PAYABLE));
    }

    @Test
    void givenPendingPayment_whenCanceledTwice_thenCanceledBothTimes_andACompletedOneIsNotCancelable() {
        ExternalPayment pending = hosted(2500);
        assertThat(service.cancel(SCOPE, "erp", pending.id())).isInstanceOf(CancelResult.Canceled.class);
        assertThat(service.cancel(SCOPE, "erp", pending.id())).isInstanceOf(CancelResult.Canceled.class);
        assertThat(service.cancel(SCOPE, "pos", pending.id())).isEqualTo(new CancelResult.NotFound());

        ExternalPayment paid = hosted(1000);
        service.completeHosted(SCOPE, Optional.empty(), paid.checkoutId().orElseThrow());
        assertThat(service.cancel(SCOPE, "erp", paid.id())).isInstanceOf(CancelResult.NotCancelable.class);
        assertThat(externalPayments.find(SCOPE, "erp", paid.id()).orElseThrow().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
    }

    @Test
    void givenDirectPayments_whenTheSandboxDecides_thenCompletedFailedOrPendingAndOnlyTheApprovedOneMovesMoney() {
        ExternalPayment approved = direct(SCOPE, 2500, Optional.empty());
        ExternalPayment declined = direct(SCOPE, 2502, Optional.empty());
        ExternalPayment waiting = direct(SCOPE, 2503, Optional.empty());

        assertThat(approved.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(declined.status()).isEqualTo(ExternalPaymentStatus.FAILED);
        assertThat(declined.paymentId()).isEmpty();
        assertThat(waiting.status()).isEqualTo(ExternalPaymentStatus.PENDING);
        assertThat(ledger.transfers()).hasSize(1);
        assertThat(payments.writes()).isEqualTo(1);
        assertThat(service.cancel(SCOPE, "erp", declined.id())).isInstanceOf(CancelResult.NotCancelable.class);
        assertThat(service.cancel(SCOPE, "erp", waiting.id())).as("a pending direct payment's charge is with the processor")
                .isInstanceOf(CancelResult.NotCancelable.class);
        assertThat(externalPayments.find(SCOPE, "erp", waiting.id()).orElseThrow().isPending()).isTrue();
    }

    @Test
    void givenLiveScopeWithoutProcessor_whenCreatingHostedOrDirect_thenProcessorUnavailableAndNothingStored() {
        for (ExternalPaymentMode mode : ExternalPaymentMode.values()) {
            assertThat(service.create(command(LIVE, mode, 2500, Optional.empty())))
                    .isInstanceOfSatisfying(CreateResult.ProcessorUnavailable.class, unavailable -> assertThat(
                            unavailable.message()).contains("PUT /companies/{companyId}/payment-rails/stripe"));
        }
        assertThat(externalPayments.writes()).isZero();
    }

    @Test
    void givenLiveScopeWithAProcessor_whenCreatingDirect_thenThatProcessorDecides() {
        ExternalPayment payment = direct(LIVE, 2500, Optional.of(new PaymentProcessor() {
            @Override
            public ChargeAnswer charge(ChargeRequest request) {
                return ChargeAnswer.of(Decision.DECLINED);
            }

            @Override
            public Finding lookup(TenantScope scope, String processorKey) {
                return Finding.DECLINED;
            }

            @Override
            public RefundAnswer refund(RefundRequest request) {
                throw new AssertionError("no refund is asked for in this test");
            }

            @Override
            public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
                throw new AssertionError("no refund is asked about in this test");
            }
        }));
        assertThat(payment.status()).isEqualTo(ExternalPaymentStatus.FAILED);
    }

    @Test
    void givenCallbackUrlTheTargetPolicyRefuses_whenCreating_thenRejectedBeforeAnyWrite() {
        CreateResult result = service.create(command(SCOPE, ExternalPaymentMode.HOSTED, 2500,
                Optional.of("https://127.0.0.1/hook")));
        assertThat(result).isEqualTo(new CreateResult.Rejected(Rejection.CALLBACK_REFUSED, "not public"));
        assertThat(externalPayments.writes()).isZero();
    }
}
