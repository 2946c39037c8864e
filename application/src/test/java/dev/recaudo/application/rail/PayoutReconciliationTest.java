package dev.recaudo.application.rail;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemoryCardPayouts;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.application.invoice.CheckoutPaymentService;
import dev.recaudo.application.invoice.SandboxService;
import dev.recaudo.application.invoice.SandboxUseCase.SandboxResult;
import dev.recaudo.application.refund.MoneyReturnedUseCase;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Card payouts on the in-memory books (issue 23): two live invoices, one paid through its checkout
 * (money in {@code checkout_collections}), one through a hosted external payment (money in
 * {@code external_collections}); the processor is a hand-made fake answering payout reports.
 */
class PayoutReconciliationTest {

    private static final CompanyId COMPANY = CompanyId.random();
    private static final TenantScope SCOPE = new TenantScope(COMPANY, KeyEnvironment.LIVE);
    private static final AccountCode FEES = AccountCode.processorFees("stripe");

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemoryCardPayouts payouts = new InMemoryCardPayouts();
    private final ReportingProcessor processor = new ReportingProcessor(books.transactions());
    private final PayoutReconciliation reconciliation = new PayoutReconciliation(payouts, books.payments(),
            books.externalPayments(), books.refunds(), books.documents(), books.ledger(), processor.transactions(), books.clock());
    private final CardRails.Connected rail =
            new CardRails.Connected(ReportingProcessor.rail("stripe"), new CardCredentials("sk", "whsec"), processor);
    private CollectionDocument byCheckout;
    private UUID checkoutId;
    private CollectionDocument byExternal;
    private ExternalPayment external;

    @BeforeEach
    void twoLiveInvoicesPaid() {
        byCheckout = books.givenIssued(document(SCOPE).withExternalId("F-1")
                .forCustomer(books.givenCustomer(SCOPE, "erp", "C-1")).withTotal(usd(20_00)).build());
        checkoutId = books.checkouts().current(SCOPE, byCheckout.id()).orElseThrow().id();
        SandboxService checkouts = new SandboxService(books.documents(), books.checkouts(), books.book(), books.transactions(),
                new CheckoutPaymentService(books.documents(), books.checkouts(), books.payments(), books.ledger(), books.book(),
                        books.transactions(), books.metrics(), books.clock()), books.clock());
        assertThat(checkouts.completeCheckout(SCOPE, Optional.empty(), checkoutId)).isInstanceOf(SandboxResult.Done.class);

        byExternal = books.givenIssued(document(SCOPE).withExternalId("F-2")
                .forCustomer(books.givenCustomer(SCOPE, "erp", "C-2")).withTotal(usd(30_00)).build());
        ExternalPaymentsService externalPayments = new ExternalPaymentsService(books.externalPayments(), new InMemoryCallbacks(),
                books.documents(), books.payments(), books.ledger(), books.book(),
                url -> new WebhookTargetPolicy.TargetCheck.Allowed(),
                new Processors(Unused.port(PaymentProcessor.class), Optional.of(new SandboxProcessor(
                        new InMemorySandboxChargeBook(), new InMemorySandboxRefundBook(), books.clock()))),
                books.transactions(), books.metrics(), books.clock());
        CreateResult created = externalPayments.create(new CreatePayment(SCOPE, "erp", Optional.of("erp"), UUID.randomUUID(),
                ExternalPaymentMode.HOSTED, usd(30_00), Optional.of(byExternal.id()), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()));
        UUID hostedCheckout = ((CreateResult.Created) created).view().payment().checkoutId().orElseThrow();
        Completion completion = externalPayments.completeHosted(SCOPE, Optional.of("erp"), hostedCheckout);
        external = ((Completion.Completed) completion).payment();

        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
        assertThat(status(byExternal)).isEqualTo(DocumentStatus.PAID);
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private DocumentStatus status(CollectionDocument document) {
        return books.document(document).status();
    }

    private Money balance(AccountCode account) {
        return books.ledger().balance(SCOPE, account, CurrencyCode.USD);
    }

    private static ProcessorEvent.Tags checkoutTags(UUID checkout) {
        return new ProcessorEvent.Tags(Optional.of(COMPANY.value().toString()), Optional.empty(), Optional.of(checkout));
    }

    private ProcessorEvent.Tags externalTags() {
        return new ProcessorEvent.Tags(Optional.of(COMPANY.value().toString()), Optional.of(external.id()), Optional.empty());
    }

    private static PayoutReport.Line line(PayoutReport.Kind kind, String reference, long gross, long fee,
            ProcessorEvent.Tags tags) {
        return new PayoutReport.Line(kind, Optional.of(reference), gross, fee, gross - fee, tags);
    }

    private PayoutReport.Line chargeOfCheckout() {
        return line(PayoutReport.Kind.CHARGE, "pi_A", 20_00, 88, checkoutTags(checkoutId));
    }

    private PayoutReport.Line chargeOfExternal() {
        return line(PayoutReport.Kind.CHARGE, "pi_B", 30_00, 1_17, externalTags());
    }

    private void paid(String payoutId, long amountMinor, PayoutReport.Line... lines) {
        processor.reports.put(payoutId, new PayoutReport(payoutId, CurrencyCode.USD, amountMinor, true, List.of(lines)));
        reconciliation.paid(COMPANY, rail, new ProcessorEvent.PayoutPaid("evt_" + payoutId, payoutId, usd(amountMinor)));
    }

    @Test
    void givenAPayoutThatAddsUp_whenPaid_thenEachFeeIsBookedAndTheDocumentsAreConciliated() {
        paid("po_1", 20_00 - 88 + 30_00 - 1_17, chargeOfCheckout(), chargeOfExternal());

        assertThat(processor.fetchedOutsideTransactions).containsExactly("po_1");
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.CONCILIATED);
        assertThat(status(byExternal)).isEqualTo(DocumentStatus.CONCILIATED);
        assertThat(balance(FEES)).isEqualTo(usd(88 + 1_17));
        assertThat(balance(AccountCode.checkoutCollections())).isEqualTo(usd(20_00 - 88));
        assertThat(balance(AccountCode.externalCollections())).isEqualTo(usd(30_00 - 1_17));
        assertThat(books.ledger().transfers(TransferKind.PROCESSOR_FEE)).hasSize(2);
        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.MATCHED);
            assertThat(payout.reason()).isEmpty();
            assertThat(payout.amount()).isEqualTo(usd(47_95));
            assertThat(payout.linesCount()).isEqualTo(2);
        });
    }

    @Test
    void givenAPayoutThatDoesNotAddUp_whenPaid_thenUnmatchedWithTheReasonAndNothingMoves() {
        paid("po_2", 48_00, chargeOfCheckout(), chargeOfExternal());

        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.UNMATCHED);
            assertThat(payout.reason()).contains("the lines add up to 4795, not to the payout's 4800");
        });
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
        assertThat(status(byExternal)).isEqualTo(DocumentStatus.PAID);
        assertThat(books.ledger().transfers(TransferKind.PROCESSOR_FEE)).isEmpty();
        assertThat(payouts.fees()).isEmpty();
    }

    @Test
    void givenALineOfAnUnknownCharge_whenPaid_thenUnmatchedNamingTheLineAndNothingMoves() {
        PayoutReport.Line unknown = line(PayoutReport.Kind.CHARGE, "pi_unknown", 10_00, 59, ProcessorEvent.Tags.NONE);
        paid("po_3", 20_00 - 88 + 10_00 - 59, chargeOfCheckout(), unknown);

        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.UNMATCHED);
            assertThat(payout.reason()).contains("line 2 (CHARGE pi_unknown): matches no payment of the company");
        });
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
        assertThat(balance(FEES)).isEqualTo(usd(0));
    }

    @Test
    void givenALineTaggedForAnotherCompany_whenPaid_thenUnmatched() {
        ProcessorEvent.Tags foreign = new ProcessorEvent.Tags(Optional.of(CompanyId.random().value().toString()),
                Optional.empty(), Optional.of(checkoutId));
        paid("po_4", 20_00 - 88, line(PayoutReport.Kind.CHARGE, "pi_A", 20_00, 88, foreign));

        assertThat(payouts.all()).singleElement()
                .satisfies(payout -> assertThat(payout.reason()).contains("line 1 (CHARGE pi_A): belongs to another company"));
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
    }

    @Test
    void givenTheSamePayoutTwice_whenPaid_thenTheSecondTimeChangesNothing() {
        paid("po_5", 20_00 - 88, chargeOfCheckout());
        CardPayout first = payouts.all().get(0);

        paid("po_5", 20_00 - 88, chargeOfCheckout());

        assertThat(payouts.all()).containsExactly(first);
        assertThat(books.ledger().transfers(TransferKind.PROCESSOR_FEE)).hasSize(1);
        assertThat(balance(FEES)).isEqualTo(usd(88));
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.CONCILIATED);
    }

    @Test
    void givenAChargeReportedAgainByAnotherPayout_whenPaid_thenItsFeeIsNotBookedTwice() {
        paid("po_6", 20_00 - 88, chargeOfCheckout());
        paid("po_7", 20_00 - 88, chargeOfCheckout());

        assertThat(payouts.fees()).singleElement().satisfies(fee -> assertThat(fee.payoutId()).isEqualTo("po_6"));
        assertThat(balance(FEES)).isEqualTo(usd(88));
    }

    @Test
    void givenAnUnmatchedPayout_whenItsMissingPaymentIsKnownAndTheEventComesAgain_thenItIsMatched() {
        PayoutReport.Line byReference = line(PayoutReport.Kind.CHARGE, "pi_late", 15_00, 74, ProcessorEvent.Tags.NONE);
        paid("po_8", 15_00 - 74, byReference);
        assertThat(payouts.all().get(0).status()).isEqualTo(CardPayout.Status.UNMATCHED);

        // The completion recorded the processor's reference of the charge on the payment (the fallback).
        books.payments().insert(new Payment(UUID.randomUUID(), SCOPE, "erp", "external:" + UUID.randomUUID(),
                PaymentKind.EXTERNAL, Optional.empty(), Optional.empty(), usd(15_00), Optional.of(usd(15_00)), usd(15_00),
                usd(0), PaymentOutcome.APPLIED, Optional.empty(), Optional.empty(), Optional.empty(), Optional.of("pi_late"),
                books.clock().instant(), books.clock().instant(), books.clock().instant()));
        paid("po_8", 15_00 - 74, byReference);

        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.MATCHED);
            assertThat(payout.reason()).isEmpty();
        });
        assertThat(balance(FEES)).isEqualTo(usd(74));
    }

    /** Money of the hosted external payment returned without Recaudo asking, booked as the processor's event books it. */
    private void returnedThroughTheEvents(long minor) {
        RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
                books.documents(), books.ledger(), books.book(), books.outbox(),
                new Processors(Unused.port(PaymentProcessor.class), Optional.<PaymentProcessor>empty()), books.transactions(), books.clock(),
                Duration.ofMinutes(2));
        assertThat(refunds.returned(SCOPE, "erp", external.id(), usd(minor), Optional.of("at the processor"),
                "re_" + UUID.randomUUID())).isInstanceOf(MoneyReturnedUseCase.ChargebackResult.ChargedBack.class);
    }

    @Test
    void givenRefundsAndADisputeBookedAsReturned_whenPaid_thenEveryFeeIsBookedAndChargesLessFeesRefundsAndDisputesArePaidOut() {
        returnedThroughTheEvents(5_00);
        returnedThroughTheEvents(10_00);
        PayoutReport.Line refund = line(PayoutReport.Kind.REFUND, "pi_B", -5_00, 0, externalTags());
        PayoutReport.Line dispute = line(PayoutReport.Kind.DISPUTE, "pi_B", -10_00, 15_00, externalTags());
        long charges = 50_00;
        long fees = 88 + 1_17 + 15_00;
        long payout = charges - fees - 5_00 - 10_00;
        paid("po_9", payout, chargeOfCheckout(), chargeOfExternal(), refund, dispute);

        assertThat(payouts.all().get(0).status()).isEqualTo(CardPayout.Status.MATCHED);
        assertThat(balance(FEES)).isEqualTo(usd(fees));
        assertThat(payouts.fees()).extracting(CardPayouts.BookedFee::kind)
                .containsExactly(PayoutReport.Kind.CHARGE, PayoutReport.Kind.CHARGE, PayoutReport.Kind.DISPUTE);
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.CONCILIATED);
    }

    @Test
    void givenARefundOrADisputeWhoseReturnWasNotBooked_whenPaid_thenUnmatchedAndNothingMoves() {
        PayoutReport.Line refund = line(PayoutReport.Kind.REFUND, "pi_A", -5_00, 0, checkoutTags(checkoutId));
        PayoutReport.Line dispute = line(PayoutReport.Kind.DISPUTE, "pi_B", -10_00, 15_00, externalTags());
        paid("po_12", 50_00 - 88 - 1_17 - 15_00 - 5_00 - 10_00, chargeOfCheckout(), chargeOfExternal(), refund, dispute);

        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.UNMATCHED);
            assertThat(payout.reason()).get().asString().contains("500 went back to the payer, 0 of it booked")
                    .contains("1000 went back to the payer, 0 of it booked");
        });
        assertThat(balance(FEES)).isEqualTo(usd(0));
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
    }

    @Test
    void givenARefundOfAnInvoiceCheckoutsCardPaymentBookedAsReturned_whenPaid_thenMatched() {
        UUID checkoutPayment = books.payments().findRecaudoNamed(SCOPE, PaymentKind.CHECKOUT.externalPaymentIdOf(checkoutId))
                .orElseThrow().id();
        RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
                books.documents(), books.ledger(), books.book(), books.outbox(),
                new Processors(Unused.port(PaymentProcessor.class), Optional.<PaymentProcessor>empty()), books.transactions(), books.clock(),
                Duration.ofMinutes(2));
        assertThat(refunds.returnedOfPayment(SCOPE, checkoutPayment, usd(5_00), Optional.of("at the processor"), "re_A"))
                .isInstanceOf(MoneyReturnedUseCase.ChargebackResult.ChargedBack.class);
        PayoutReport.Line refund = line(PayoutReport.Kind.REFUND, "pi_A", -5_00, 0, checkoutTags(checkoutId));
        paid("po_13", 20_00 - 88 - 5_00, chargeOfCheckout(), refund);

        assertThat(payouts.all()).singleElement().satisfies(payout -> {
            assertThat(payout.status()).isEqualTo(CardPayout.Status.MATCHED);
            assertThat(payout.reason()).isEmpty();
        });
        assertThat(books.document(byCheckout).balance()).isEqualTo(usd(5_00));
    }

    @Test
    void givenAFeeTheProcessorGaveBack_whenPaid_thenItGoesBackFromTheFeesAccountToTheCollections() {
        returnedThroughTheEvents(30_00);
        PayoutReport.Line refund = line(PayoutReport.Kind.REFUND, "pi_B", -30_00, -1_17, externalTags());
        paid("po_11", 30_00 - 1_17 - 30_00 + 1_17, chargeOfExternal(), refund);

        assertThat(payouts.all().get(0).status()).isEqualTo(CardPayout.Status.MATCHED);
        assertThat(books.ledger().transfers(TransferKind.PROCESSOR_FEE)).hasSize(2);
        assertThat(balance(FEES)).isEqualTo(usd(0));
    }

    @Test
    void givenALineOfAKindRecaudoDoesNotMatch_whenPaid_thenUnmatched() {
        PayoutReport.Line other = new PayoutReport.Line(PayoutReport.Kind.OTHER, Optional.empty(), -1_00, 0, -1_00,
                ProcessorEvent.Tags.NONE);
        paid("po_10", 20_00 - 88 - 1_00, chargeOfCheckout(), other);

        assertThat(payouts.all().get(0).reason()).contains("line 2 (OTHER): a balance movement Recaudo does not match");
        assertThat(status(byCheckout)).isEqualTo(DocumentStatus.PAID);
    }
}
