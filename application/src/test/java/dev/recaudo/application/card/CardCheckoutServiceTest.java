package dev.recaudo.application.card;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.card.CardCheckoutUseCase.PayByCard;
import dev.recaudo.application.externalpayment.ExternalPaymentsService;
import dev.recaudo.application.externalpayment.Processors;
import dev.recaudo.application.externalpayment.SandboxProcessor;
import dev.recaudo.application.fakes.FakeSessionCardRail;
import dev.recaudo.application.fakes.InMemoryCardCredentialsBook;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemoryCardSessionBook;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.invoice.CheckoutPaymentService;
import dev.recaudo.application.invoice.CustomerCreditEvent;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Pay-by-card button and the sessions' ends on the books in memory: one session per checkout,
 * expired at the processor before another is opened, a completion applied once whoever reports it,
 * and money a session took for a checkout paid another way kept as the customer's credit.
 */
class CardCheckoutServiceTest {

    private static final CompanyId COMPANY = CompanyId.random();
    private static final TenantScope LIVE = new TenantScope(COMPANY, KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemoryCardSessionBook sessions = new InMemoryCardSessionBook();
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final FakeSessionCardRail rail = new FakeSessionCardRail();
    private final InMemoryCardCredentialsBook credentials = new InMemoryCardCredentialsBook();

    {
        credentials.put(COMPANY, rail.name(), new CardCredentials("sk", "whsec"), Instant.EPOCH);
    }
    private final CardRails rails = new CardRails(List.of(rail), credentials);
    private final CheckoutPaymentService checkoutPayments = new CheckoutPaymentService(books.documents(), books.checkouts(),
            books.payments(), books.ledger(), books.book(), books.transactions(), books.metrics(), books.clock());
    private final ExternalPaymentsService externalPayments = new ExternalPaymentsService(books.externalPayments(),
            new InMemoryCallbacks(), books.documents(), books.payments(), books.ledger(), books.book(),
            url -> new WebhookTargetPolicy.TargetCheck.Allowed(), new Processors(new SandboxProcessor(new InMemorySandboxChargeBook(),
                    new InMemorySandboxRefundBook(), books.clock()), Optional.empty()), books.transactions(), books.metrics(),
            books.clock());
    private final CardTargets targets = new CardTargets(books.checkouts(), books.externalPayments(), checkoutPayments,
            externalPayments);
    private final CardCheckoutService cards = new CardCheckoutService(targets, sessions, companies, rails, books.transactions(),
            books.clock(), "https://recaudo.example/");
    private final CardSessionEventsService events = new CardSessionEventsService(sessions, targets, rails, books.transactions(),
            books.clock(), Duration.ofMinutes(10));
    private CollectionDocument invoice;

    @BeforeEach
    void aLiveInvoiceOfACompanyWithACardRail() {
        companies.given(new Company(COMPANY, "Acme", Optional.of(CurrencyCode.USD), Company.DEFAULT_TIME_ZONE, true, InMemoryBooks.START));
        CustomerLink customer = books.givenCustomer(LIVE, "erp", "C-1");
        invoice = books.givenIssued(document(LIVE).forCustomer(customer).withTotal(usd(100_00)).build());
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private Checkout checkout() {
        return books.checkouts().current(LIVE, invoice.id()).orElseThrow();
    }

    private String urlOf(PayByCard answer) {
        assertThat(answer).isInstanceOf(PayByCard.ToProcessor.class);
        return ((PayByCard.ToProcessor) answer).url();
    }

    private ProcessorEvent.SessionCompleted completedEvent(String sessionId, Money amount) {
        return new ProcessorEvent.SessionCompleted("evt_" + sessionId, sessionId, true, Optional.of("pi_" + sessionId), amount,
                new ProcessorEvent.Tags(Optional.of(COMPANY.toString()), Optional.empty(), Optional.of(checkout().id())));
    }

    private CardRails.Connected connected() {
        return rails.of(COMPANY).orElseThrow();
    }

    private List<Payment> payments() {
        return books.payments().all().stream().filter(payment -> payment.scope().equals(LIVE)).toList();
    }

    @Test
    void givenPayPressedTwice_thenOneSessionIsOpenedAndReused() {
        UUID id = checkout().id();
        String first = urlOf(cards.pay(id));
        String second = urlOf(cards.pay(id));

        assertThat(second).isEqualTo(first);
        assertThat(rail.requests).hasSize(1);
        HostedSession.Request request = rail.requests.get(0);
        assertThat(request.amount()).isEqualTo(usd(100_00));
        assertThat(request.idempotencyKey()).isEqualTo("recaudo-session-" + id + "-1");
        assertThat(request.successUrl()).isEqualTo("https://recaudo.example/pay/" + id + "?paid=1");
        assertThat(request.cancelUrl()).isEqualTo("https://recaudo.example/pay/" + id);
        assertThat(request.externalPaymentId()).isEmpty();
        assertThat(sessions.all()).singleElement().satisfies(session -> {
            assertThat(session.state()).isEqualTo(CardSession.State.OPEN);
            assertThat(session.sessionId()).hasValue("cs_1");
        });
    }

    @Test
    void givenTheAmountChanged_whenPayPressed_thenTheOldSessionIsExpiredFirstAndTheNextOneOpened() {
        UUID id = checkout().id();
        cards.pay(id);
        Checkout asked = checkout();
        books.checkouts().update(new Checkout(asked.id(), asked.scope(), asked.documentId(), asked.source(), usd(90_00),
                asked.title(), asked.description(), asked.phone(), asked.dueAt(), asked.status(), asked.providerPaymentId(),
                asked.paidAt(), asked.createdAt(), asked.updatedAt()));

        String url = urlOf(cards.pay(id));

        assertThat(rail.expireCalls).containsExactly("cs_1");
        assertThat(url).endsWith("cs_2");
        assertThat(rail.requests.get(1).amount()).isEqualTo(usd(90_00));
        assertThat(rail.requests.get(1).idempotencyKey()).isEqualTo("recaudo-session-" + id + "-2");
        assertThat(sessions.all()).extracting(CardSession::state)
                .containsExactly(CardSession.State.EXPIRED, CardSession.State.OPEN);
    }

    @Test
    void givenTheSessionExpiredAtTheProcessor_whenPayPressed_thenANewOneIsOpened() {
        UUID id = checkout().id();
        cards.pay(id);
        rail.expiresByItself("cs_1");

        assertThat(urlOf(cards.pay(id))).endsWith("cs_2");
        assertThat(sessions.all()).extracting(CardSession::state)
                .containsExactly(CardSession.State.EXPIRED, CardSession.State.OPEN);
    }

    @Test
    void givenThePayerPaidWhileTheOldSessionWasExpired_thenTheCheckoutIsPaidAndNoSecondSessionOpened() {
        UUID id = checkout().id();
        cards.pay(id);
        rail.payerPays("cs_1");
        Checkout asked = checkout();
        // The amount the page asks for changed, so Pay expires the session: the processor says it completed.
        books.checkouts().update(new Checkout(asked.id(), asked.scope(), asked.documentId(), asked.source(), usd(90_00),
                asked.title(), asked.description(), asked.phone(), asked.dueAt(), asked.status(), asked.providerPaymentId(),
                asked.paidAt(), asked.createdAt(), asked.updatedAt()));

        assertThat(cards.pay(id)).isInstanceOf(PayByCard.BackToPage.class);

        assertThat(rail.requests).hasSize(1);
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.COMPLETE);
        // Opened for 100.00 and paid 100.00, but the checkout now asks for 90.00: it cannot settle it, so the money is credit.
        assertThat(payments()).singleElement().satisfies(payment -> {
            assertThat(payment.outcome()).isEqualTo(PaymentOutcome.CREDITED);
            assertThat(payment.providerPaymentId()).hasValue("pi_cs_1");
        });
    }

    @Test
    void givenTheCompletionEvent_thenTheCheckoutIsPaidOnceWithTheChargeReference_andARepeatOrAPollDoesNothing() {
        UUID id = checkout().id();
        cards.pay(id);
        rail.payerPays("cs_1");

        events.completed(COMPANY, connected(), completedEvent("cs_1", usd(100_00)));
        events.completed(COMPANY, connected(), completedEvent("cs_1", usd(100_00)));
        books.clock().advance(Duration.ofHours(1));
        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).isZero();

        assertThat(books.documents().get(invoice.id()).status()).isEqualTo(DocumentStatus.PAID);
        assertThat(checkout().status()).isEqualTo(CheckoutStatus.APPROVED);
        assertThat(payments()).singleElement().satisfies(payment -> {
            assertThat(payment.outcome()).isEqualTo(PaymentOutcome.APPLIED);
            assertThat(payment.providerPaymentId()).hasValue("pi_cs_1");
        });
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.COMPLETE);
        assertThat(cards.pay(id)).isInstanceOf(PayByCard.BackToPage.class);
        assertThat(rail.requests).hasSize(1);
    }

    @Test
    void givenTheEventWasLost_whenTheReconciliationRunsAfterTheAge_thenItPaysTheCheckoutOnce() {
        cards.pay(checkout().id());
        rail.payerPays("cs_1");

        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).as("younger than the age").isZero();
        books.clock().advance(Duration.ofMinutes(11));
        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).isEqualTo(1);
        events.completed(COMPANY, connected(), completedEvent("cs_1", usd(100_00))); // the event arrives late

        assertThat(books.documents().get(invoice.id()).status()).isEqualTo(DocumentStatus.PAID);
        assertThat(payments()).hasSize(1);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
    }

    @Test
    void givenTheInvoicePaidAnotherWay_whenTheSessionCompletesLate_thenItsMoneyIsTheCustomersCredit() {
        cards.pay(checkout().id());
        books.givenPaid(invoice, usd(100_00));
        rail.payerPays("cs_1");

        events.completed(COMPANY, connected(), completedEvent("cs_1", usd(100_00)));
        events.completed(COMPANY, connected(), completedEvent("cs_1", usd(100_00)));

        List<Payment> byCard = payments().stream().filter(payment -> payment.providerPaymentId().isPresent()).toList();
        assertThat(byCard).singleElement().satisfies(payment -> {
            assertThat(payment.outcome()).isEqualTo(PaymentOutcome.CREDITED);
            assertThat(payment.credit()).isEqualTo(usd(100_00));
            assertThat(payment.providerPaymentId()).hasValue("pi_cs_1");
        });
        assertThat(books.outbox().ofType(CustomerCreditEvent.TYPE)).hasSize(1);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
    }

    @Test
    void givenTheInvoicePaidAnotherWayWhileItsSessionIsOpen_whenTheReconciliationRuns_thenTheSessionIsExpiredAtTheProcessor() {
        cards.pay(checkout().id());
        books.givenPaid(invoice, usd(100_00));
        books.clock().advance(Duration.ofMinutes(11));

        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).isEqualTo(1);

        assertThat(rail.expireCalls).containsExactly("cs_1");
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.EXPIRED);
        assertThat(payments().stream().filter(payment -> payment.providerPaymentId().isPresent())).isEmpty();
    }

    @Test
    void givenAnOpenSessionOfAPendingCheckout_whenTheReconciliationRuns_thenItIsLeftOpenAndAskedAgainAfterTheAge() {
        cards.pay(checkout().id());
        books.clock().advance(Duration.ofMinutes(11));

        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).isEqualTo(1);
        assertThat(events.reconcileOpenSessions(KeyEnvironment.LIVE)).as("touched: asked again only after the age").isZero();

        assertThat(rail.expireCalls).isEmpty();
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.OPEN);
    }

    @Test
    void givenAHostedPaymentCollectsTheInvoice_whenItsSessionCompletesAfterTheInvoiceWasPaidAnotherWay_thenThePaymentCompletesAsCredit() {
        UUID paymentCheckout = UUID.randomUUID();
        ExternalPayment hosted = hostedPayment(paymentCheckout, "V-1");

        // The invoice's link opens the hosted payment's page (one payable page): the session is the payment's.
        urlOf(cards.pay(checkout().id()));
        assertThat(rail.requests.get(0).externalPaymentId()).hasValue(hosted.id());
        assertThat(rail.requests.get(0).idempotencyKey()).isEqualTo("recaudo-session-" + paymentCheckout + "-1");
        assertThat(urlOf(cards.pay(paymentCheckout))).endsWith("cs_1");

        books.givenPaid(invoice, usd(100_00));
        assertThat(books.externalPayments().find(LIVE, "source:erp", hosted.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.CANCELED);
        payerCompletes("evt_1", "pi_cs_1", hosted);

        assertCompletedAsCredit(hosted, "pi_cs_1");
        assertThat(books.outbox().ofType(CustomerCreditEvent.TYPE)).hasSize(1);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
    }

    @Test
    void givenAHostedPaymentThatFailedWhileItsSessionWasOpen_whenTheSessionCompletes_thenItsMoneyIsBookedNotDropped() {
        UUID paymentCheckout = UUID.randomUUID();
        ExternalPayment hosted = hostedPayment(paymentCheckout, "V-2");
        assertThat(urlOf(cards.pay(paymentCheckout))).endsWith("cs_1");
        books.externalPayments().update(hosted.failed(InMemoryBooks.START));
        books.givenPaid(invoice, usd(100_00));

        payerCompletes("evt_2", "pi_cs_f", hosted);

        assertCompletedAsCredit(hosted, "pi_cs_f");
        assertThat(books.outbox().ofType(CustomerCreditEvent.TYPE)).hasSize(1);
    }

    @Test
    void givenTheProcessorUnreachable_whenPayPressed_thenUnavailable_andTheNextPressSendsTheSameKey() {
        UUID id = checkout().id();
        rail.unreachable = true;

        assertThat(cards.pay(id)).isInstanceOf(PayByCard.ProcessorUnavailable.class);
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.OPENING);

        rail.unreachable = false;
        assertThat(urlOf(cards.pay(id))).endsWith("cs_1");
        assertThat(rail.requests).singleElement().extracting(HostedSession.Request::idempotencyKey)
                .isEqualTo("recaudo-session-" + id + "-1");
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.OPEN);
    }

    @Test
    void givenAnotherCompanysEventOrAnUnknownSession_thenNothingIsPaid() {
        cards.pay(checkout().id());
        rail.payerPays("cs_1");

        events.completed(CompanyId.random(), connected(), completedEvent("cs_1", usd(100_00)));
        events.completed(COMPANY, connected(), completedEvent("cs_unknown", usd(100_00)));

        assertThat(payments()).isEmpty();
        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.OPEN);
    }

    @Test
    void givenTheExpiredEvent_thenTheSessionIsMarkedExpiredAndPayOpensTheNext() {
        UUID id = checkout().id();
        cards.pay(id);
        rail.expiresByItself("cs_1");

        events.expired(COMPANY, connected(), new ProcessorEvent.SessionExpired("evt_x", "cs_1", ProcessorEvent.Tags.NONE));

        assertThat(sessions.all()).singleElement().extracting(CardSession::state).isEqualTo(CardSession.State.EXPIRED);
        assertThat(urlOf(cards.pay(id))).endsWith("cs_2");
        assertThat(rail.expireCalls).isEmpty();
    }

    @Test
    void givenATestCheckoutOrACurrencyNoRailServes_thenNoSessionIsOffered() {
        assertThat(cards.offered(COMPANY, CurrencyCode.USD)).isTrue();
        assertThat(cards.offered(COMPANY, CurrencyCode.VES)).isFalse();
        assertThat(cards.offered(CompanyId.random(), CurrencyCode.USD)).isFalse();
        assertThat(cards.pay(UUID.randomUUID())).isInstanceOf(PayByCard.NotFound.class);
    }

    /** A pending hosted payment of 100.00 USD collecting the invoice, whose page is {@code paymentCheckout}. */
    private ExternalPayment hostedPayment(UUID paymentCheckout, String reference) {
        ExternalPayment hosted = new ExternalPayment(UUID.randomUUID(), LIVE, "source:erp", UUID.randomUUID(),
                ExternalPaymentMode.HOSTED, ExternalPaymentStatus.PENDING, usd(100_00), Optional.of(invoice.id()),
                Optional.of(reference), Optional.empty(), Optional.of("Factura 1"), Optional.empty(), Optional.of(paymentCheckout),
                Optional.empty(), InMemoryBooks.START, InMemoryBooks.START);
        books.externalPayments().insert(hosted);
        return hosted;
    }

    /** The payer pays session {@code cs_1} of the hosted payment, and its completion arrives as {@code eventId}. */
    private void payerCompletes(String eventId, String chargeReference, ExternalPayment hosted) {
        rail.payerPays("cs_1");
        events.completed(COMPANY, connected(), new ProcessorEvent.SessionCompleted(eventId, "cs_1", true,
                Optional.of(chargeReference), usd(100_00), new ProcessorEvent.Tags(Optional.of(COMPANY.toString()),
                        Optional.of(hosted.id()), hosted.checkoutId())));
    }

    /** The hosted payment completed, its one charged payment of 100.00 booked as the customer's credit. */
    private void assertCompletedAsCredit(ExternalPayment hosted, String chargeReference) {
        assertThat(books.externalPayments().find(LIVE, "source:erp", hosted.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(payments().stream().filter(payment -> payment.providerPaymentId().isPresent())).singleElement()
                .satisfies(payment -> {
                    assertThat(payment.outcome()).isEqualTo(PaymentOutcome.CREDITED);
                    assertThat(payment.credit()).isEqualTo(usd(100_00));
                    assertThat(payment.providerPaymentId()).hasValue(chargeReference);
                });
    }
}
