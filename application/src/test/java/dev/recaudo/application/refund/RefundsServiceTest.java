package dev.recaudo.application.refund;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.RefundRequest;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.externalpayment.UntakenMoney;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.refund.MoneyReturnedUseCase.ChargebackResult;
import dev.recaudo.application.refund.RefundsUseCase.Rejection;
import dev.recaudo.application.refund.RefundsUseCase.RequestRefund;
import dev.recaudo.application.refund.RefundsUseCase.StartResult;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundKind;
import dev.recaudo.domain.refund.RefundSources;
import dev.recaudo.domain.refund.RefundStatus;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Refund arithmetic, the three phases and chargebacks, on the in-memory books; the books balance after every test. */
class RefundsServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);
    private static final TenantScope LIVE = new TenantScope(SCOPE.companyId(), KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemorySandboxRefundBook processorRecords = new InMemorySandboxRefundBook();
    private final SandboxProcessor sandbox = new SandboxProcessor(new InMemorySandboxChargeBook(), processorRecords, books.clock());
    private final ExternalPaymentsService externalPayments = new ExternalPaymentsService(books.externalPayments(),
            new InMemoryCallbacks(), books.documents(), books.payments(), books.ledger(), books.book(),
            url -> new WebhookTargetPolicy.TargetCheck.Allowed(), new Processors(sandbox, Optional.empty()),
            books.transactions(), books.metrics(), books.clock());
    private final DirectChargeService charges = new DirectChargeService(books.externalPayments(), new InMemoryCallbacks(),
            books.documents(), books.payments(), books.ledger(), books.book(), new Processors(sandbox, Optional.empty()),
            books.transactions(), books.metrics(), books.clock(), Duration.ofMinutes(1), UntakenMoney.KEPT_AS_CREDIT);
    private final RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
            books.documents(), books.ledger(), books.book(), books.outbox(),
            new Processors(sandbox, Optional.empty()), books.transactions(), books.clock(),
            Duration.ofMinutes(1));

    @AfterEach
    void booksBalance() {
        books.assertBalanced();
    }

    private ExternalPayment paid(Money amount, Optional<CollectionDocument> invoice) {
        return charged(created(amount, invoice));
    }

    /** A direct payment's first phase: recorded pending. */
    private ExternalPayment created(Money amount, Optional<CollectionDocument> invoice) {
        CreateResult result = externalPayments.create(new CreatePayment(SCOPE, "erp", Optional.empty(), UUID.randomUUID(),
                ExternalPaymentMode.DIRECT, amount, invoice.map(CollectionDocument::id), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()));
        return ((CreateResult.Created) result).view().payment();
    }

    /** Its charge and its record. */
    private ExternalPayment charged(ExternalPayment pending) {
        var outcome = charges.charge(SCOPE, pending.partner(), pending.id());
        return books.transactions().inTransaction(() -> charges.record(SCOPE, pending.partner(), pending.id(), outcome)).payment();
    }

    private CollectionDocument invoice(long totalMinor) {
        return books.givenIssued(document(SCOPE).withTotal(usd(totalMinor)).build());
    }

    private StartResult start(ExternalPayment payment, long amountMinor) {
        return books.transactions().inTransaction(() -> refunds.start(
                new RequestRefund(SCOPE, "erp", payment.id(), amountMinor, Optional.of("customer returned it"))));
    }

    private Refund refunded(ExternalPayment payment, long amountMinor) {
        StartResult started = start(payment, amountMinor);
        assertThat(started).isInstanceOf(StartResult.Started.class);
        return refunds.proceed(SCOPE, ((StartResult.Started) started).refund().id()).get();
    }

    private Payment ledgerPayment(ExternalPayment payment) {
        return books.payments().findById(SCOPE, payment.paymentId().orElseThrow()).orElseThrow();
    }

    private long transfers(TransferKind kind) {
        return books.ledger().transfers().stream().map(Transfer::kind).filter(kind::equals).count();
    }

    @Test
    void givenPaymentThatPaidAnInvoice_whenRefundedInFull_thenTheInvoiceOwesAgainWithACheckoutAndBothEventsAreQueued() {
        CollectionDocument invoice = invoice(20_00);
        ExternalPayment payment = paid(usd(20_00), Optional.of(invoice));

        Refund refund = refunded(payment, 20_00);

        assertThat(refund.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(refund.processorReference()).isPresent();
        assertThat(refund.sources()).isEqualTo(new RefundSources(usd(0), usd(0), usd(20_00)));
        CollectionDocument reopened = books.document(invoice);
        assertThat(reopened.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(reopened.balance()).isEqualTo(usd(20_00));
        assertThat(reopened.applied()).isEqualTo(usd(0));
        assertThat(books.checkouts().current(SCOPE, invoice.id()).orElseThrow().isPending()).isTrue();
        assertThat(ledgerPayment(payment).applied()).isEqualTo(usd(0));
        assertThat(books.outbox().onlyInvoice(DocumentBook.INVOICE_REFUNDED).status()).isEqualTo("CREATED");
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_REFUNDED).get(0).body().get("refund"))
                .isEqualTo(RefundEvents.body(refund));
        assertThat(books.outbox().ofType(RefundBook.EXTERNAL_PAYMENT_REFUNDED)).singleElement()
                .satisfies(event -> assertThat(event.aggregateId()).isEqualTo(payment.id()));
        assertThat(books.ledger().balance(SCOPE, AccountCode.externalCollections(), usd(0).currency())).isEqualTo(usd(0));
        assertThat(processorRecords.refundCalls()).isEqualTo(1);
    }

    @Test
    void givenPartialRefunds_whenTheNextExceedsWhatIsLeft_thenRefusedNamingTheRefundableAmountWithPendingOnesCounted() {
        CollectionDocument invoice = invoice(50_00);
        ExternalPayment payment = paid(usd(50_00), Optional.of(invoice));
        assertThat(refunded(payment, 10_00).status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(books.document(invoice).balance()).isEqualTo(usd(10_00));
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.CREATED);

        // Phase 1 only: a pending refund already holds its money, so it counts against what is left.
        StartResult pending = start(payment, 15_00);
        assertThat(pending).isInstanceOf(StartResult.Started.class);

        StartResult refused = start(payment, 25_01);
        assertThat(refused).isInstanceOfSatisfying(StartResult.Rejected.class, rejected -> {
            assertThat(rejected.rejection()).isEqualTo(Rejection.AMOUNT_ABOVE_REFUNDABLE);
            assertThat(rejected.detail()).contains("at most 2500");
        });
        assertThat(start(payment, 25_00)).isInstanceOf(StartResult.Started.class);
        assertThat(start(payment, 1)).isInstanceOf(StartResult.Rejected.class);
    }

    @Test
    void givenPaymentForAnInvoiceLoweredMeanwhile_whenPartlyRefunded_thenTheCreditGoesFirstAndTheInvoiceOwesTheRest() {
        CollectionDocument invoice = invoice(25_00);
        ExternalPayment pending = created(usd(25_00), Optional.of(invoice));
        books.transactions().inTransaction(() -> books.book().changeTotal(books.document(invoice), usd(20_00),
                books.clock().instant()));
        ExternalPayment payment = charged(pending);

        Refund refund = refunded(payment, 7_00);

        assertThat(refund.sources()).isEqualTo(new RefundSources(usd(0), usd(5_00), usd(2_00)));
        assertThat(ledgerPayment(payment).credit()).isEqualTo(usd(0));
        assertThat(books.document(invoice).balance()).isEqualTo(usd(2_00));
    }

    @Test
    void givenPaymentWithoutInvoice_whenRefunded_thenItsUnappliedMoneyLeavesAndNoInvoiceEventIsQueued() {
        ExternalPayment payment = paid(usd(30_00), Optional.empty());

        Refund refund = refunded(payment, 30_00);

        assertThat(refund.sources()).isEqualTo(new RefundSources(usd(30_00), usd(0), usd(0)));
        assertThat(books.ledger().balance(SCOPE, AccountCode.unappliedPayment(ledgerPayment(payment).id()),
                usd(0).currency())).isEqualTo(usd(0));
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_REFUNDED)).isEmpty();
        assertThat(books.outbox().ofType(RefundBook.EXTERNAL_PAYMENT_REFUNDED)).hasSize(1);
    }

    @Test
    void givenRefundTheProcessorDeclines_whenRecorded_thenTheMoneyIsBackExactlyAndTheInvoicePaidAgain() {
        CollectionDocument invoice = invoice(30_00);
        ExternalPayment payment = paid(usd(30_00), Optional.of(invoice));

        // The sandbox declines a refund whose amount ends in 02.
        Refund refund = refunded(payment, 10_02);

        assertThat(refund.status()).isEqualTo(RefundStatus.FAILED);
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.PAID);
        assertThat(books.document(invoice).balance()).isEqualTo(usd(0));
        assertThat(ledgerPayment(payment).applied()).isEqualTo(usd(30_00));
        assertThat(transfers(TransferKind.REFUND_PUT_BACK)).isEqualTo(1);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_REFUNDED)).isEmpty();
        assertThat(books.outbox().ofType(RefundBook.EXTERNAL_PAYMENT_REFUNDED)).isEmpty();
    }

    /**
     * The invoice a pending refund reopened was partly paid another way before the processor declined
     * the refund: it is paid again with what it still owes, and the rest is the customer's credit.
     */
    @Test
    void givenInvoicePartlyPaidWhileItsRefundWasPending_whenDeclined_thenPaidAgainWithWhatItOwesAndTheRestIsCredit() {
        CustomerLink customer = books.givenCustomer(SCOPE, "erp", "C-9");
        CollectionDocument invoice = books.givenIssued(document(SCOPE).forCustomer(customer).withTotal(usd(30_00)).build());
        ExternalPayment payment = paid(usd(30_00), Optional.of(invoice));
        // The sandbox declines a refund whose amount ends in 02.
        Refund pending = ((StartResult.Started) start(payment, 10_02)).refund();
        books.givenPaid(invoice, usd(5_00));

        Refund declined = refunds.proceed(SCOPE, pending.id()).get();

        assertThat(declined.status()).isEqualTo(RefundStatus.FAILED);
        CollectionDocument after = books.document(invoice);
        assertThat(after.status()).isEqualTo(DocumentStatus.PAID);
        assertThat(after.balance()).isEqualTo(usd(0));
        assertThat(ledgerPayment(payment).applied()).isEqualTo(usd(25_00));
        assertThat(ledgerPayment(payment).credit()).isEqualTo(usd(5_00));
        assertThat(books.ledger().balance(SCOPE, AccountCode.customerCredit(customer.companyCustomerId()), CurrencyCode.USD))
                .isEqualTo(usd(-5_00));
    }

    /** A deadlock while recording the outcome rolls phase 3 back; its retry records it without asking the processor again. */
    @Test
    void givenPhaseThreeFailsOnce_whenRunAgain_thenTheProcessorWasAskedOnceAndTheMoneyLeftOnce() {
        CollectionDocument invoice = invoice(20_00);
        ExternalPayment payment = paid(usd(20_00), Optional.of(invoice));
        Refund pending = ((StartResult.Started) start(payment, 20_00)).refund();
        Supplier<Refund> record = refunds.proceed(SCOPE, pending.id());

        books.outbox().fail();
        try {
            record.get();
        } catch (IllegalStateException rolledBack) {
            assertThat(books.refunds().find(SCOPE, pending.id()).orElseThrow().isPending()).isTrue();
        }
        books.outbox().recover();
        assertThat(record.get().status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(record.get().status()).isEqualTo(RefundStatus.SUCCEEDED);

        assertThat(processorRecords.refundCalls()).isEqualTo(1);
        assertThat(transfers(TransferKind.REFUND_PAID_OUT)).isEqualTo(1);
        assertThat(books.outbox().ofType(RefundBook.EXTERNAL_PAYMENT_REFUNDED)).hasSize(1);
    }

    /** A crash between phase 1 and phase 2: the retry asks the processor, which never saw it, and refunds once. */
    @Test
    void givenRefundLeftPendingBeforeTheProcessorWasAsked_whenResolvedTwice_thenRefundedOnce() {
        ExternalPayment payment = paid(usd(12_00), Optional.empty());
        Refund pending = ((StartResult.Started) start(payment, 12_00)).refund();

        assertThat(refunds.resolve(SCOPE, pending.id()).status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(refunds.resolve(SCOPE, pending.id()).status()).isEqualTo(RefundStatus.SUCCEEDED);

        assertThat(processorRecords.lookups()).isEqualTo(1);
        assertThat(processorRecords.refundCalls()).isEqualTo(1);
    }

    /** A crash after the processor refunded and before the record: the retry learns the outcome by asking. */
    @Test
    void givenRefundTheProcessorMadeButNobodyRecorded_whenResolved_thenRecordedWithoutRefundingAgain() {
        ExternalPayment payment = paid(usd(12_00), Optional.empty());
        Refund pending = ((StartResult.Started) start(payment, 12_00)).refund();
        refunds.proceed(SCOPE, pending.id());

        Refund resolved = refunds.resolve(SCOPE, pending.id());

        assertThat(resolved.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(processorRecords.refundCalls()).isEqualTo(1);
        assertThat(transfers(TransferKind.REFUND_PAID_OUT)).isEqualTo(1);
    }

    /** The recovery asks only about refunds pending past the threshold, and settles each once. */
    @Test
    void givenRefundsLeftPending_whenTheRecoveryRuns_thenThoseOlderThanTheThresholdAreSettledOnce() {
        ExternalPayment payment = paid(usd(12_00), Optional.empty());
        Refund old = ((StartResult.Started) start(payment, 5_00)).refund();
        books.clock().advance(Duration.ofMinutes(2));
        Refund fresh = ((StartResult.Started) start(payment, 7_00)).refund();

        assertThat(refunds.recoverPendingRefunds(KeyEnvironment.TEST)).isEqualTo(1);
        assertThat(refunds.recoverPendingRefunds(KeyEnvironment.LIVE)).isZero();

        assertThat(books.refunds().find(SCOPE, old.id()).orElseThrow().status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(books.refunds().find(SCOPE, fresh.id()).orElseThrow().isPending()).isTrue();
        assertThat(refunds.recoverPendingRefunds(KeyEnvironment.TEST)).isZero();
        assertThat(processorRecords.refundCalls()).isEqualTo(1);
        refunds.proceed(SCOPE, fresh.id()).get();
    }

    /** A processor that has not decided yet: the refund stays pending, and is asked about again only after the threshold. */
    @Test
    void givenProcessorThatHasNotDecided_whenTheRecoveryAsks_thenPendingAndAskedAgainOnlyAfterTheThreshold() {
        ExternalPayment payment = paid(usd(12_00), Optional.empty());
        List<String> calls = new ArrayList<>();
        PaymentProcessor undecided = refundsOnly(request -> {
            calls.add("refund");
            return new RefundAnswer(PaymentProcessor.Decision.PENDING, Optional.empty());
        }, key -> {
            calls.add("asked");
            return Optional.of(new RefundAnswer(PaymentProcessor.Decision.PENDING, Optional.empty()));
        });
        RefundsService slow = new RefundsService(books.externalPayments(), books.refunds(), books.payments(), books.documents(),
                books.ledger(), books.book(), books.outbox(), new Processors(undecided, Optional.empty()),
                books.transactions(), books.clock(), Duration.ofMinutes(1));
        Refund pending = ((StartResult.Started) books.transactions().inTransaction(() -> slow.start(
                new RequestRefund(SCOPE, "erp", payment.id(), 12_00, Optional.empty())))).refund();
        assertThat(slow.proceed(SCOPE, pending.id()).get().isPending()).isTrue();

        books.clock().advance(Duration.ofSeconds(30));
        assertThat(slow.recoverPendingRefunds(KeyEnvironment.TEST)).isZero();
        books.clock().advance(Duration.ofSeconds(31));
        assertThat(slow.recoverPendingRefunds(KeyEnvironment.TEST)).isEqualTo(1);
        assertThat(slow.recoverPendingRefunds(KeyEnvironment.TEST)).isZero();

        assertThat(calls).containsExactly("refund", "asked");
        assertThat(books.refunds().find(SCOPE, pending.id()).orElseThrow().isPending()).isTrue();
    }

    /** A refund the processor errs about is asked again later; the refunds behind it are resolved meanwhile. */
    @Test
    void givenProcessorFailingOnOneRefund_whenTheRecoveryRuns_thenTheOthersAreResolvedAndItWaitsItsTurn() {
        ExternalPayment first = paid(usd(12_00), Optional.empty());
        ExternalPayment second = paid(usd(13_00), Optional.empty());
        List<String> failing = new ArrayList<>();
        PaymentProcessor flaky = refundsOnly(sandbox::refund, key -> {
            if (failing.contains(key)) {
                throw new IllegalStateException("the processor answered 500");
            }
            return sandbox.refundOf(SCOPE, key);
        });
        RefundsService recovering = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
                books.documents(), books.ledger(), books.book(), books.outbox(), new Processors(flaky, Optional.empty()),
                books.transactions(), books.clock(), Duration.ofMinutes(1));
        Refund stuck = ((StartResult.Started) start(first, 12_00)).refund();
        books.clock().advance(Duration.ofSeconds(1));
        Refund other = ((StartResult.Started) start(second, 13_00)).refund();
        failing.add(stuck.processorKey());
        books.clock().advance(Duration.ofMinutes(2));

        assertThat(recovering.recoverPendingRefunds(KeyEnvironment.TEST)).isEqualTo(2);

        assertThat(books.refunds().find(SCOPE, other.id()).orElseThrow().status()).isEqualTo(RefundStatus.SUCCEEDED);
        Refund waiting = books.refunds().find(SCOPE, stuck.id()).orElseThrow();
        assertThat(waiting.isPending()).isTrue();
        assertThat(waiting.updatedAt()).as("asked again only after the threshold").isEqualTo(books.clock().instant());
        assertThat(recovering.recoverPendingRefunds(KeyEnvironment.TEST)).isZero();
    }

    @Test
    void givenPaymentNotCompleted_whenRefunded_thenRefusedAndNothingMoves() {
        ExternalPayment declined = paid(usd(10_02), Optional.empty());

        assertThat(start(declined, 100)).isInstanceOfSatisfying(StartResult.Rejected.class,
                rejected -> assertThat(rejected.rejection()).isEqualTo(Rejection.PAYMENT_NOT_COMPLETED));
        assertThat(books.transactions().inTransaction(() -> refunds.start(
                new RequestRefund(SCOPE, "another partner", declined.id(), 100, Optional.empty()))))
                .isInstanceOfSatisfying(StartResult.Rejected.class,
                        rejected -> assertThat(rejected.rejection()).isEqualTo(Rejection.PAYMENT_NOT_FOUND));
        assertThat(books.refunds().all()).isEmpty();
    }

    @Test
    void givenInvoiceReconciled_whenItsPaymentIsRefunded_thenRefusedButAChargebackReopensIt() {
        CollectionDocument invoice = invoice(20_00);
        ExternalPayment payment = paid(usd(20_00), Optional.of(invoice));
        books.documents().update(books.document(invoice).withStatus(DocumentStatus.CONCILIATED, books.clock().instant()));

        assertThat(start(payment, 20_00)).isInstanceOfSatisfying(StartResult.Rejected.class,
                rejected -> assertThat(rejected.rejection()).isEqualTo(Rejection.DOCUMENT_RECONCILED));

        ChargebackResult chargeback = refunds.chargeback(SCOPE, "erp", payment.id(), Optional.of("disputed"),
                Optional.of("cb_1"));
        assertThat(chargeback).isInstanceOfSatisfying(ChargebackResult.ChargedBack.class, charged -> {
            assertThat(charged.refund().kind()).isEqualTo(RefundKind.CHARGEBACK);
            assertThat(charged.refund().status()).isEqualTo(RefundStatus.SUCCEEDED);
            assertThat(charged.refund().amount()).isEqualTo(usd(20_00));
        });
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(books.document(invoice).balance()).isEqualTo(usd(20_00));
        assertThat(books.outbox().ofType(RefundBook.EXTERNAL_PAYMENT_CHARGED_BACK)).hasSize(1);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_REFUNDED)).hasSize(1);
        assertThat(refunds.chargeback(SCOPE, "erp", payment.id(), Optional.empty(), Optional.empty()))
                .isInstanceOf(ChargebackResult.NothingToReturn.class);
        assertThat(processorRecords.refundCalls()).isZero();
    }

    @Test
    void givenLivePaymentsWithoutAProcessor_whenRefunded_thenProcessorUnavailable() {
        assertThat(refunds.start(new RequestRefund(LIVE, "erp", UUID.randomUUID(), 100, Optional.empty())))
                .isInstanceOf(StartResult.ProcessorUnavailable.class);
    }

    /** A processor that only refunds and answers about refunds, as {@code refund} and {@code refundOf} say. */
    private static PaymentProcessor refundsOnly(Function<RefundRequest, RefundAnswer> refund,
            Function<String, Optional<RefundAnswer>> refundOf) {
        return new PaymentProcessor() {
            @Override
            public ChargeAnswer charge(ChargeRequest request) {
                throw new AssertionError("nothing is charged here");
            }

            @Override
            public Finding lookup(TenantScope scope, String processorKey) {
                throw new AssertionError("no charge is asked about here");
            }

            @Override
            public RefundAnswer refund(RefundRequest request) {
                return refund.apply(request);
            }

            @Override
            public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
                return refundOf.apply(idempotencyKey);
            }
        };
    }
}
