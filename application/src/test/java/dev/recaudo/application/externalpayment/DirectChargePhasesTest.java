package dev.recaudo.application.externalpayment;

import static dev.recaudo.application.fixtures.ApiKeyFixture.keysOf;
import static dev.recaudo.application.fixtures.ApiKeySpecFixture.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.externalpayment.DirectChargeUseCase.ChargeOutcome;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.fakes.CountingMetrics;
import dev.recaudo.application.fakes.InMemoryAuditLog;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemoryExternalPaymentRepository;
import dev.recaudo.application.fakes.InMemoryIdempotencyStore;
import dev.recaudo.application.fakes.InMemoryLedger;
import dev.recaudo.application.fakes.InMemoryPaymentRepository;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.idempotency.IdempotentExecution;
import dev.recaudo.application.idempotency.IdempotentExecution.Outcome;
import dev.recaudo.application.idempotency.PhasedWork;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore.StoredResponse;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.webhook.Outbox;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A direct payment's creation in atomic phases, as the external payments API runs it: the idempotency
 * claim and the pending payment commit first, the sandbox processor is asked outside any transaction,
 * and the outcome is recorded in a transaction of its own. No database: the transactions fake rolls
 * the in-memory stores back, and can make a transaction lose a lock race and run again.
 */
class DirectChargePhasesTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final Duration UNKNOWN_AFTER = Duration.ofSeconds(30);
    private static final String OPERATION = "external.payments.direct";
    private static final String KEY = "6f1c1b0e-0c39-4d5e-9a53-6d3c1f0c2a11";
    private static final RequestFingerprint FINGERPRINT = new RequestFingerprint() {
        @Override
        public String value() {
            return "direct-payment";
        }

        @Override
        public boolean matches(String stored) {
            return value().equals(stored);
        }
    };

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final InMemoryExternalPaymentRepository externalPayments = new InMemoryExternalPaymentRepository();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryLedger ledger = new InMemoryLedger();
    private final InMemoryCallbacks callbacks = new InMemoryCallbacks();
    private final InMemorySandboxChargeBook book = new InMemorySandboxChargeBook();
    private final RollbackTransactions transactions = new RollbackTransactions(store, externalPayments, payments, ledger);
    private final IdempotentExecution execution = new IdempotentExecution(store, new InMemoryAuditLog(), transactions, clock);
    private final IdempotencyScope scope = keysOf(CompanyId.random())
            .scopeOf(spec().withSource("erp").inEnvironment(KeyEnvironment.TEST));
    private final TenantScope tenant = scope.tenant();

    /** Halts, as a crash would, right after the processor answered a charge (once). */
    private boolean crashAfterCharge;

    /** The charge reaches the processor only after the recovery asked about it (once). */
    private boolean chargeArrivesLate;

    /** The processor takes the charge and then fails the call with an error of its own (once). */
    private boolean processorErrs;

    private final Processors processors = new Processors(new PaymentProcessor() {
        private final SandboxProcessor sandbox = new SandboxProcessor(book, new InMemorySandboxRefundBook(), clock);

        @Override
        public ChargeAnswer charge(ChargeRequest request) {
            if (chargeArrivesLate) {
                chargeArrivesLate = false;
                clock.advance(UNKNOWN_AFTER);
                charges.recoverUnknownCharges(KeyEnvironment.TEST);
            }
            ChargeAnswer decision = sandbox.charge(request);
            if (processorErrs) {
                processorErrs = false;
                throw new IllegalStateException("the processor answered 500");
            }
            if (crashAfterCharge) {
                crashAfterCharge = false;
                // An Error, as nothing in the service catches one: the request dies here as the process would.
                throw new Halted();
            }
            return decision;
        }

        @Override
        public Finding lookup(TenantScope tenant, String processorKey) {
            return sandbox.lookup(tenant, processorKey);
        }

        @Override
        public RefundAnswer refund(RefundRequest request) {
            return sandbox.refund(request);
        }

        @Override
        public Optional<RefundAnswer> refundOf(TenantScope tenant, String idempotencyKey) {
            return sandbox.refundOf(tenant, idempotencyKey);
        }
    }, Optional.empty());

    private final DocumentBook documentBook = new DocumentBook(Unused.port(CollectionDocumentRepository.class),
            Unused.port(CheckoutRepository.class), externalPayments, payments, ledger, Unused.port(Outbox.class),
            new PublicInvoiceProjection("https://recaudo.example"));
    private final ExternalPaymentsService service = new ExternalPaymentsService(externalPayments, callbacks,
            Unused.port(CollectionDocumentRepository.class), payments, ledger, documentBook, url -> null, processors,
            transactions, new CountingMetrics(), clock);
    private final DirectChargeService charges = new DirectChargeService(externalPayments, callbacks,
            Unused.port(CollectionDocumentRepository.class), payments, ledger, documentBook, processors, transactions,
            new CountingMetrics(), clock, UNKNOWN_AFTER, UntakenMoney.KEPT_AS_CREDIT);

    /** The direct create as the REST resource runs it; its answers name the payment's id and status. */
    private PhasedWork creation(long amountMinor) {
        String partner = scope.partnerName();
        return new PhasedWork() {
            @Override
            public RecoveryPoint start() {
                CreateResult created = service.create(new CreatePayment(tenant, partner, Optional.of("erp"), UUID.randomUUID(),
                        ExternalPaymentMode.DIRECT, Money.of(amountMinor, CurrencyCode.USD), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()));
                return new RecoveryPoint("payment_recorded", ((CreateResult.Created) created).view().payment().id());
            }

            @Override
            public Supplier<PhaseAnswer> proceed(RecoveryPoint point) {
                ChargeOutcome outcome = charges.charge(tenant, partner, point.resourceId());
                return () -> {
                    ExternalPayment payment = charges.record(tenant, partner, point.resourceId(), outcome).payment();
                    return payment.isPending() ? new PhaseAnswer.Unsettled(answer(payment))
                            : new PhaseAnswer.Settled(answer(payment));
                };
            }

            @Override
            public StoredResponse resume(RecoveryPoint point) {
                return answer(service.get(tenant, partner, point.resourceId()).orElseThrow().payment());
            }
        };
    }

    private static StoredResponse answer(ExternalPayment payment) {
        return new StoredResponse(201, payment.id() + ":" + payment.status().wireName());
    }

    private Outcome create(long amountMinor) {
        return execution.executePhased(scope, OPERATION, KEY, FINGERPRINT, creation(amountMinor));
    }

    private ExternalPayment onlyPayment() {
        return service.list(tenant, scope.partnerName(), 1, 10).items().stream().map(ExternalPaymentView::payment)
                .reduce((first, second) -> {
                    throw new AssertionError("more than one payment");
                }).orElseThrow();
    }

    @Test
    void givenADeadlockWhileRecordingTheCharge_whenTheRecordRunsAgain_thenTheProcessorWasCalledOnceAndThePaymentCompletes() {
        // The claim with the pending payment is transaction 1, the record of the outcome transaction 2.
        transactions.loseLockRaceAt(2);

        Outcome outcome = create(2500);

        ExternalPayment payment = onlyPayment();
        assertThat(transactions.races()).isEqualTo(1);
        assertThat(book.attempts()).as("the charge is not repeated by the retried record").isEqualTo(1);
        assertThat(payment.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(outcome).isEqualTo(new Outcome.Executed(new StoredResponse(201, payment.id() + ":completed")));
        assertThat(ledger.transfers()).hasSize(1);
        assertThat(payments.writes()).isEqualTo(1);
        assertThat(ledger.sumOfAllEntries().values()).allMatch(sum -> sum == 0L);
        assertThat(create(2500)).as("the settled answer is replayed")
                .isEqualTo(new Outcome.Replayed(new StoredResponse(201, payment.id() + ":completed")));
        assertThat(book.attempts()).isEqualTo(1);
    }

    @Test
    void givenADeadlockWhileRecordingThePendingPayment_whenItRunsAgain_thenOnePaymentAndOneCharge() {
        transactions.loseLockRaceAt(1);

        create(2500);

        assertThat(onlyPayment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(book.attempts()).isEqualTo(1);
        assertThat(ledger.transfers()).hasSize(1);
    }

    @Test
    void givenACrashAfterTheCharge_whenTheSameKeyIsRetried_thenPendingWithoutChargingAndTheRecoveryCompletesIt() {
        crashAfterCharge = true;
        assertThatThrownBy(() -> create(2500)).isInstanceOf(Halted.class);
        ExternalPayment pending = onlyPayment();
        assertThat(pending.status()).isEqualTo(ExternalPaymentStatus.PENDING);
        assertThat(book.charges()).isEqualTo(1);

        Outcome retried = create(2500);

        assertThat(retried).isEqualTo(new Outcome.Resumed(new StoredResponse(201, pending.id() + ":pending")));
        assertThat(book.attempts()).as("a retry never charges again").isEqualTo(1);
        assertThat(ledger.transfers()).isEmpty();

        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).as("not pending long enough yet").isZero();
        clock.advance(UNKNOWN_AFTER);
        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).isEqualTo(1);

        assertThat(onlyPayment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(book.attempts()).as("the recovery asks, it does not charge").isEqualTo(1);
        assertThat(ledger.transfers()).hasSize(1);
        assertThat(create(2500)).isEqualTo(new Outcome.Resumed(new StoredResponse(201, pending.id() + ":completed")));
        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).as("nothing left to ask about").isZero();
    }

    @Test
    void givenTheSandboxAnswerLostEnding_whenCreated_thenPendingUntilTheRecoveryAsksAndCompletesIt() {
        Outcome first = create(2504);

        ExternalPayment pending = onlyPayment();
        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, pending.id() + ":pending")));
        assertThat(create(2504)).isEqualTo(new Outcome.Resumed(new StoredResponse(201, pending.id() + ":pending")));

        clock.advance(UNKNOWN_AFTER);
        charges.recoverUnknownCharges(KeyEnvironment.TEST);

        assertThat(onlyPayment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(book.attempts()).isEqualTo(1);
        assertThat(ledger.transfers()).hasSize(1);
    }

    @Test
    void givenAChargeTheProcessorNeverReceived_whenTheRecoveryAsks_thenThePaymentFailsAndNoMoneyMoves() {
        PhasedWork creation = creation(2500);
        RecoveryPoint point = transactions.inTransaction(creation::start);
        clock.advance(UNKNOWN_AFTER);

        charges.recoverUnknownCharges(KeyEnvironment.TEST);

        assertThat(externalPayments.find(tenant, scope.partnerName(), point.resourceId()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.FAILED);
        assertThat(book.attempts()).isZero();
        assertThat(ledger.transfers()).isEmpty();
    }

    @Test
    void givenAChargeStillPendingAtTheProcessor_whenTheRecoveryAsks_thenLeftPendingAndAskedAgainOnlyAfterTheThreshold() {
        create(2503);
        ExternalPayment pending = onlyPayment();
        clock.advance(UNKNOWN_AFTER);

        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).isEqualTo(1);
        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).as("asked again only after the threshold").isZero();
        clock.advance(UNKNOWN_AFTER);
        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).isEqualTo(1);

        assertThat(onlyPayment().status()).isEqualTo(ExternalPaymentStatus.PENDING);
        assertThat(create(2503)).isEqualTo(new Outcome.Resumed(new StoredResponse(201, pending.id() + ":pending")));
        assertThat(book.attempts()).isEqualTo(1);
    }

    @Test
    void givenADeclinedCharge_whenRecorded_thenFailedSettledAndNeverAskedAbout() {
        Outcome first = create(2502);

        ExternalPayment failed = onlyPayment();
        assertThat(failed.status()).isEqualTo(ExternalPaymentStatus.FAILED);
        assertThat(first).isEqualTo(new Outcome.Executed(new StoredResponse(201, failed.id() + ":failed")));
        clock.advance(UNKNOWN_AFTER);
        assertThat(charges.recoverUnknownCharges(KeyEnvironment.TEST)).isZero();
        assertThat(create(2502)).isInstanceOf(Outcome.Replayed.class);
    }

    /**
     * The recovery asked before the charge reached the processor, heard of no charge and failed the
     * payment; then the charge arrived and was approved. The money was taken: the payment completes.
     */
    @Test
    void givenAChargeArrivingAfterTheRecoveryFailedIt_whenApproved_thenThePaymentCompletesAndTheMoneyIsBooked() {
        chargeArrivesLate = true;

        Outcome outcome = create(2500);

        ExternalPayment payment = onlyPayment();
        assertThat(payment.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(outcome).isEqualTo(new Outcome.Executed(new StoredResponse(201, payment.id() + ":completed")));
        assertThat(book.charges()).isEqualTo(1);
        assertThat(payments.writes()).isEqualTo(1);
        assertThat(ledger.sumOfAllEntries().values()).allMatch(sum -> sum == 0L);
    }

    /** Any failure of the processor's call is an unknown outcome: the payment waits, and asking resolves it. */
    @Test
    void givenAProcessorErrorAfterTheCharge_whenCreated_thenPendingNotAFailureAndTheRecoveryCompletesIt() {
        processorErrs = true;

        Outcome outcome = create(2500);

        ExternalPayment pending = onlyPayment();
        assertThat(outcome).isEqualTo(new Outcome.Executed(new StoredResponse(201, pending.id() + ":pending")));
        clock.advance(UNKNOWN_AFTER);
        charges.recoverUnknownCharges(KeyEnvironment.TEST);
        assertThat(onlyPayment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(book.charges()).isEqualTo(1);
    }

    /** The process halting between the processor's answer and its record. */
    private static final class Halted extends Error {
        Halted() {
            super("halted after the processor answered");
        }
    }
}
