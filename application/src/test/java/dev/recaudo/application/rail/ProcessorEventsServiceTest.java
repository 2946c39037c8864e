package dev.recaudo.application.rail;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.externalpayment.DirectChargeService;
import dev.recaudo.application.externalpayment.DirectChargeUseCase.ChargeOutcome;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.PaymentProcessor.ChargeAnswer;
import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.fakes.FakeCardRail;
import dev.recaudo.application.fakes.ForwardingTransactions;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCardCredentialsBook;
import dev.recaudo.application.fakes.InMemoryProcessorEventLog;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.application.invoice.CheckoutPaymentService;
import dev.recaudo.application.rail.ProcessorEventsUseCase.Outcome;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.application.refund.RefundsUseCase.RequestRefund;
import dev.recaudo.application.refund.RefundsUseCase.StartResult;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundKind;
import dev.recaudo.domain.refund.RefundStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A card processor's events on the in-memory books with a hand-made rail: verified with the company's
 * webhook secret, refused for another company's object, applied once per event id, each through the
 * path the API takes (a direct charge's settle, a refund's resolve, the chargeback's record).
 */
class ProcessorEventsServiceTest {

    private static final CompanyId COMPANY = CompanyId.random();
    private static final TenantScope LIVE = new TenantScope(COMPANY, KeyEnvironment.LIVE);
    private static final String WEBHOOK_SECRET = "whsec_abcdefgh";
    private static final ProcessorEvent.Tags NO_TAGS = ProcessorEvent.Tags.NONE;

    private final InMemoryBooks books = new InMemoryBooks();
    private final FakeCardRail stripe = new FakeCardRail("stripe", Set.of(CurrencyCode.USD));
    private final CardPaymentsWiring wiring = new CardPaymentsWiring(books, stripe);
    private final InMemoryCardCredentialsBook credentials = wiring.credentials;
    private final CardRails rails = wiring.rails;
    private final Processors processors = wiring.processors;
    private final ExternalPaymentsService payments = wiring.payments;
    private final DirectChargeService charges = wiring.charges;
    private final RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
            books.documents(), books.ledger(), books.book(), books.outbox(), processors, books.transactions(), books.clock(),
            Duration.ofMinutes(2));
    private final InMemoryProcessorEventLog log = new InMemoryProcessorEventLog();
    private final List<ProcessorEvent> sessionEvents = new ArrayList<>();
    private final SessionEvents sessions = new SessionEvents() {
        @Override
        public void completed(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionCompleted event) {
            sessionEvents.add(event);
        }

        @Override
        public void expired(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionExpired event) {
            sessionEvents.add(event);
        }
    };
    private final List<PayoutReport> payouts = new ArrayList<>();
    /** Answers each payout's report, recording those asked with no transaction open (see {@link ReportingProcessor}). */
    private final ReportingProcessor reporting = new ReportingProcessor(new LoggedTransactions(log, books.transactions()));
    private final PayoutEvents payoutEvents = new PayoutEvents() {
        @Override
        public PayoutReport report(CardRails.Connected rail, ProcessorEvent.PayoutPaid event) {
            return reporting.payout(event.payoutId());
        }

        @Override
        public void paid(CompanyId company, CardRails.Connected rail, PayoutReport report) {
            payouts.add(report);
        }
    };
    private final ProcessorEventsService events = new ProcessorEventsService(rails, credentials, log,
            new ProcessorEffects(charges, refunds, books.externalPayments(), books.payments(), sessions, payoutEvents),
            reporting.transactions(), books.clock());

    /** The books' transactions, with the event log rolled back with them. */
    private static final class LoggedTransactions extends ForwardingTransactions {
        private final InMemoryProcessorEventLog log;

        LoggedTransactions(InMemoryProcessorEventLog log, Transactions books) {
            super(books);
            this.log = log;
        }

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            return new RollbackTransactions(log).inTransaction(() -> super.inTransaction(work));
        }
    }

    ProcessorEventsServiceTest() {
        credentials.put(COMPANY, "stripe", new CardCredentials("sk_live_abcdefgh", WEBHOOK_SECRET), books.clock().instant());
    }

    @AfterEach
    void booksBalance() {
        books.assertBalanced();
    }

    private ExternalPayment pending() {
        stripe.answerCharges(request -> new ChargeAnswer(Decision.PENDING, Optional.of("pi_" + request.paymentId()),
                Optional.empty()));
        CreateResult result = payments.create(new CreatePayment(LIVE, "erp", Optional.empty(), UUID.randomUUID(),
                ExternalPaymentMode.DIRECT, usd(5_000),
                Optional.of(books.givenIssued(document(LIVE).withExternalId("INV-" + UUID.randomUUID()).withTotal(usd(5_000)).build()).id()), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of("https://shop.example/back"), Optional.of("pm_card_visa")));
        return ((CreateResult.Created) result).view().payment();
    }

    /** Phase 2 only: the charge is with the processor, its answer not recorded yet. */
    private ChargeOutcome sentToProcessor(ExternalPayment payment) {
        return charges.charge(LIVE, payment.partner(), payment.id());
    }

    private ExternalPayment completed() {
        stripe.answerCharges(request -> new ChargeAnswer(Decision.APPROVED, Optional.of("pi_" + request.paymentId()),
                Optional.empty()));
        ExternalPayment payment = pending();
        stripe.answerCharges(request -> new ChargeAnswer(Decision.APPROVED, Optional.of("pi_" + request.paymentId()),
                Optional.empty()));
        charges.record(LIVE, payment.partner(), payment.id(), sentToProcessor(payment));
        return status(payment);
    }

    private Outcome post(ProcessorEvent event) {
        return events.receive("stripe", COMPANY, stripe.payloadOf(event), FakeCardRail.signature(WEBHOOK_SECRET));
    }

    private ExternalPayment status(ExternalPayment payment) {
        return books.externalPayments().findOfCompany(LIVE, payment.id()).orElseThrow();
    }

    private static ProcessorEvent.Tags tagsOf(ExternalPayment payment) {
        return new ProcessorEvent.Tags(Optional.of(COMPANY.value().toString()), Optional.of(payment.id()), Optional.empty());
    }

    @Test
    void theWebhookBeforeTheApiAnswerCompletesThePaymentAndTheAnswerFindsItCompleted() {
        ExternalPayment payment = pending();
        ChargeOutcome outcome = sentToProcessor(payment);

        Outcome received = post(new ProcessorEvent.ChargeSucceeded("evt_1", "pi_" + payment.id(), usd(5_000), tagsOf(payment)));
        var answered = charges.record(LIVE, payment.partner(), payment.id(), outcome);

        assertThat(received).isInstanceOf(Outcome.Applied.class);
        assertThat(answered.payment().status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(books.payments().all()).hasSize(1);
    }

    @Test
    void aFailedChargeFailsThePendingPaymentFoundByItsReferenceWhenUntagged() {
        ExternalPayment payment = pending();
        charges.record(LIVE, payment.partner(), payment.id(), sentToProcessor(payment));

        post(new ProcessorEvent.ChargeFailed("evt_2", "pi_" + payment.id(), NO_TAGS));

        assertThat(status(payment).status()).isEqualTo(ExternalPaymentStatus.FAILED);
    }

    @Test
    void aRepeatedEventAppliesNothingMore() {
        ExternalPayment payment = pending();
        charges.record(LIVE, payment.partner(), payment.id(), sentToProcessor(payment));
        ProcessorEvent succeeded = new ProcessorEvent.ChargeSucceeded("evt_3", "pi_" + payment.id(), usd(5_000), tagsOf(payment));

        Outcome first = post(succeeded);
        Outcome second = post(succeeded);

        assertThat(first).isInstanceOf(Outcome.Applied.class);
        assertThat(second).isInstanceOf(Outcome.Duplicate.class);
        assertThat(books.payments().all()).hasSize(1);
        assertThat(log.size()).isEqualTo(1);
    }

    @Test
    void anObjectOfAnotherCompanyIsRefusedAndNothingApplied() {
        ExternalPayment payment = pending();
        charges.record(LIVE, payment.partner(), payment.id(), sentToProcessor(payment));
        ProcessorEvent.Tags foreign = new ProcessorEvent.Tags(Optional.of(UUID.randomUUID().toString()),
                Optional.of(payment.id()), Optional.empty());

        Outcome received = post(new ProcessorEvent.ChargeSucceeded("evt_4", "pi_" + payment.id(), usd(5_000), foreign));

        assertThat(received).isInstanceOf(Outcome.OtherCompany.class);
        assertThat(status(payment).isPending()).isTrue();
        assertThat(log.size()).isZero();
    }

    @Test
    void aForgedSignatureAndAnUnknownCompanyOrRailApplyNothing() {
        ExternalPayment payment = pending();
        charges.record(LIVE, payment.partner(), payment.id(), sentToProcessor(payment));
        String payload = stripe.payloadOf(new ProcessorEvent.ChargeSucceeded("evt_5", "pi_" + payment.id(), usd(5_000),
                tagsOf(payment)));

        assertThat(events.receive("stripe", COMPANY, payload, FakeCardRail.signature("whsec_other")))
                .isInstanceOf(Outcome.Forged.class);
        assertThat(events.receive("stripe", COMPANY, payload, null)).isInstanceOf(Outcome.Forged.class);
        assertThat(events.receive("stripe", CompanyId.random(), payload, FakeCardRail.signature(WEBHOOK_SECRET)))
                .isInstanceOf(Outcome.Unknown.class);
        assertThat(events.receive("paypal", COMPANY, payload, FakeCardRail.signature(WEBHOOK_SECRET)))
                .isInstanceOf(Outcome.Unknown.class);
        assertThat(status(payment).isPending()).isTrue();
    }

    @Test
    void aRefundRecaudoAskedForIsResolvedByItsEvent() {
        ExternalPayment payment = completed();
        StartResult started = books.transactions().inTransaction(() -> refunds.start(
                new RequestRefund(LIVE, "erp", payment.id(), 2_000, Optional.empty())));
        Refund refund = ((StartResult.Started) started).refund();

        post(new ProcessorEvent.Refunded("evt_6", "pi_" + payment.id(), "re_1", usd(2_000), true,
                Optional.of(refund.processorKey()), tagsOf(payment)));

        Refund resolved = books.refunds().find(LIVE, refund.id()).orElseThrow();
        assertThat(resolved.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(books.refunds().all()).hasSize(1);
    }

    @Test
    void aRefundMadeAtTheDashboardAndALostDisputeAreRecordedAsMoneyReturned() {
        ExternalPayment refundedThere = completed();
        ExternalPayment disputed = completed();

        post(new ProcessorEvent.Refunded("evt_7", "pi_" + refundedThere.id(), "re_2", usd(5_000), true, Optional.empty(),
                tagsOf(refundedThere)));
        post(new ProcessorEvent.Disputed("evt_8", "pi_" + disputed.id(), "dp_1", usd(5_000), ProcessorEvent.DisputeState.LOST));

        assertThat(books.refunds().ofExternalPayment(LIVE, refundedThere.id())).singleElement()
                .satisfies(returned -> assertThat(returned.kind()).isEqualTo(RefundKind.CHARGEBACK));
        assertThat(books.refunds().ofExternalPayment(LIVE, disputed.id())).singleElement()
                .satisfies(returned -> assertThat(returned.amount()).isEqualTo(usd(5_000)));
    }

    @Test
    void aPartialDashboardRefundReturnsExactlyItsAmountOncePerRefundId() {
        ExternalPayment payment = completed();

        post(new ProcessorEvent.Refunded("evt_20", "pi_" + payment.id(), "re_20", usd(2_000), true, Optional.empty(), NO_TAGS));
        Outcome again = post(new ProcessorEvent.Refunded("evt_21", "pi_" + payment.id(), "re_20", usd(2_000), true,
                Optional.empty(), NO_TAGS));

        assertThat(again).isInstanceOf(Outcome.Applied.class);
        assertThat(books.refunds().ofExternalPayment(LIVE, payment.id())).singleElement().satisfies(returned -> {
            assertThat(returned.amount()).isEqualTo(usd(2_000));
            assertThat(returned.processorReference()).contains("re_20");
        });
    }

    @Test
    void aSecondDashboardRefundTakesOnlyWhatThePaymentStillHolds() {
        ExternalPayment payment = completed();

        post(new ProcessorEvent.Refunded("evt_22", "pi_" + payment.id(), "re_22", usd(3_000), true, Optional.empty(), NO_TAGS));
        post(new ProcessorEvent.Refunded("evt_23", "pi_" + payment.id(), "re_23", usd(4_000), true, Optional.empty(), NO_TAGS));

        assertThat(books.refunds().ofExternalPayment(LIVE, payment.id())).extracting(Refund::amount)
                .containsExactly(usd(3_000), usd(2_000));
    }

    @Test
    void aLostDisputeOfPartOfThePaymentReturnsTheDisputedAmount() {
        ExternalPayment payment = completed();

        post(new ProcessorEvent.Disputed("evt_24", "pi_" + payment.id(), "dp_24", usd(1_000), ProcessorEvent.DisputeState.LOST));

        assertThat(books.refunds().ofExternalPayment(LIVE, payment.id())).extracting(Refund::amount).containsExactly(usd(1_000));
    }

    private ExternalPayment hostedPaidByCard(String chargeReference) {
        CreateResult result = payments.create(new CreatePayment(LIVE, "erp", Optional.empty(), UUID.randomUUID(),
                ExternalPaymentMode.HOSTED, usd(5_000),
                Optional.of(books.givenIssued(document(LIVE).withExternalId("INV-" + UUID.randomUUID()).withTotal(usd(5_000)).build()).id()),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()));
        ExternalPayment hosted = ((CreateResult.Created) result).view().payment();
        assertThat(payments.completeHosted(LIVE, hosted.checkoutId().orElseThrow(), chargeReference))
                .isInstanceOf(Completion.Completed.class);
        return hosted;
    }

    @Test
    void aHostedPaymentPaidOnTheCardPageKeepsItsChargeReferenceSoItsLostDisputeAndDashboardRefundAreBooked() {
        ExternalPayment hosted = hostedPaidByCard("pi_hosted_1");

        assertThat(books.externalPayments().findByChargeReference(LIVE, "pi_hosted_1")).map(ExternalPayment::id)
                .contains(hosted.id());
        post(new ProcessorEvent.Refunded("evt_30", "pi_hosted_1", "re_30", usd(1_000), true, Optional.empty(), NO_TAGS));
        post(new ProcessorEvent.Disputed("evt_31", "pi_hosted_1", "dp_31", usd(4_000), ProcessorEvent.DisputeState.LOST));

        assertThat(books.refunds().ofExternalPayment(LIVE, hosted.id())).extracting(Refund::amount)
                .containsExactly(usd(1_000), usd(4_000));
    }

    private CollectionDocument paidByCheckout(String chargeReference) {
        CollectionDocument invoice = books.givenIssued(document(LIVE).withExternalId("INV-" + UUID.randomUUID())
                .withTotal(usd(5_000)).build());
        UUID checkoutId = books.checkouts().current(LIVE, invoice.id()).orElseThrow().id();
        new CheckoutPaymentService(books.documents(), books.checkouts(), books.payments(), books.ledger(), books.book(),
                books.transactions(), books.metrics(), books.clock()).taken(LIVE, checkoutId, usd(5_000), chargeReference);
        return invoice;
    }

    @Test
    void aLostDisputeOfAnInvoiceCheckoutsCardPaymentIsBookedOnceAndTheInvoiceOwesAgainWithAFreshCheckout() {
        CollectionDocument invoice = paidByCheckout("pi_checkout_1");
        UUID paidCheckout = books.checkouts().current(LIVE, invoice.id()).orElseThrow().id();
        UUID paymentId = books.payments().findByProviderReference(LIVE, "pi_checkout_1").orElseThrow().id();

        Outcome received = post(new ProcessorEvent.Disputed("evt_32", "pi_checkout_1", "dp_32", usd(5_000),
                ProcessorEvent.DisputeState.LOST));
        post(new ProcessorEvent.Disputed("evt_33", "pi_checkout_1", "dp_32", usd(5_000), ProcessorEvent.DisputeState.LOST));

        assertThat(received).isInstanceOf(Outcome.Applied.class);
        assertThat(books.refunds().all()).singleElement().satisfies(refund -> {
            assertThat(refund.amount()).isEqualTo(usd(5_000));
            assertThat(refund.paymentId()).isEqualTo(paymentId);
            assertThat(refund.externalPaymentId()).isEmpty();
            assertThat(refund.processorReference()).contains("dp_32");
        });
        CollectionDocument reopened = books.documents().find(LIVE, invoice.id()).orElseThrow();
        assertThat(reopened.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(reopened.balance()).isEqualTo(usd(5_000));
        assertThat(books.checkouts().current(LIVE, invoice.id()).orElseThrow().id()).isNotEqualTo(paidCheckout);
        assertThat(books.outbox().ofType("invoice.refunded")).hasSize(1);
        assertThat(books.outbox().ofType("external_payment.charged_back")).isEmpty();
        books.assertBalanced();
    }

    @Test
    void aDashboardRefundOfPartOfAnInvoiceCheckoutsCardPaymentReturnsExactlyItsAmountAndTheDisputeOnlyTheRest() {
        CollectionDocument invoice = paidByCheckout("pi_checkout_2");

        post(new ProcessorEvent.Refunded("evt_34", "pi_checkout_2", "re_34", usd(1_000), true, Optional.empty(), NO_TAGS));
        post(new ProcessorEvent.Disputed("evt_35", "pi_checkout_2", "dp_35", usd(5_000), ProcessorEvent.DisputeState.LOST));

        assertThat(books.refunds().all()).extracting(Refund::amount).containsExactly(usd(1_000), usd(4_000));
        assertThat(books.documents().find(LIVE, invoice.id()).orElseThrow().balance()).isEqualTo(usd(5_000));
        books.assertBalanced();
    }

    @Test
    void anOpenOrWonDisputeMovesNoMoney() {
        ExternalPayment disputed = completed();

        Outcome open = post(new ProcessorEvent.Disputed("evt_9", "pi_" + disputed.id(), "dp_2", usd(5_000),
                ProcessorEvent.DisputeState.OPEN));
        post(new ProcessorEvent.Disputed("evt_10", "pi_" + disputed.id(), "dp_2", usd(5_000), ProcessorEvent.DisputeState.WON));

        assertThat(open).isInstanceOf(Outcome.Applied.class);
        assertThat(books.refunds().all()).isEmpty();
    }

    @Test
    void sessionAndPayoutEventsGoToTheirPortsOnce() {
        ProcessorEvent.SessionExpired expired = new ProcessorEvent.SessionExpired("evt_11", "cs_1", NO_TAGS);
        ProcessorEvent.PayoutPaid paid = new ProcessorEvent.PayoutPaid("evt_13", "po_1", usd(5_000));
        PayoutReport report = new PayoutReport("po_1", CurrencyCode.USD, 5_000, true, List.of());
        reporting.reports.put("po_1", report);

        Outcome first = post(expired);
        Outcome again = post(expired);
        post(paid);

        assertThat(first).isInstanceOf(Outcome.Applied.class);
        assertThat(again).isNotInstanceOf(Outcome.Applied.class);
        assertThat(sessionEvents).containsExactly(expired);
        assertThat(payouts).containsExactly(report);
        // The processor is asked for the payout's report before the event's transaction opens, never inside it.
        assertThat(reporting.fetchedOutsideTransactions).containsExactly("po_1");
    }

    @Test
    void anEventOfAnotherKindIsAcknowledgedAndDoesNothing() {
        Outcome received = post(new ProcessorEvent.Other("evt_12", "customer.created"));

        assertThat(received).isInstanceOf(Outcome.Applied.class);
        assertThat(books.externalPayments().writes()).isZero();
    }

}
