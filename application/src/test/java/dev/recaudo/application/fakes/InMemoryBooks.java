package dev.recaudo.application.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.integration.VerifiedPaymentsService;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.VerifiedPayment;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.refund.Refund;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The money side of the service in memory: every store a money use case touches, one clock, one
 * {@link DocumentBook}, and transactions that roll all of them back together. Its
 * {@link #assertBalanced()} is what a test checks after every money movement: the ledger sums to
 * zero, and agrees with every document, payment and customer credit.
 */
public final class InMemoryBooks {

    public static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final InMemoryDocumentRepository documents = new InMemoryDocumentRepository();
    private final InMemoryExternalPaymentRepository externalPayments = new InMemoryExternalPaymentRepository();
    private final InMemoryCheckoutRepository checkouts = new InMemoryCheckoutRepository(externalPayments);
    private final InMemoryCustomerRepository customers = new InMemoryCustomerRepository();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository(documents, customers);
    private final InMemoryLedger ledger = new InMemoryLedger();
    private final InMemoryOutbox outbox = new InMemoryOutbox();
    private final InMemoryUpsertOrder upsertOrder = new InMemoryUpsertOrder();
    private final InMemoryRefundRepository refunds = new InMemoryRefundRepository();
    private final CountingMetrics metrics = new CountingMetrics();
    private final RollbackTransactions transactions =
            new RollbackTransactions(documents, checkouts, externalPayments, payments, customers, ledger, outbox, upsertOrder,
                    refunds);
    private final DocumentBook book = new DocumentBook(documents, checkouts, externalPayments, payments, ledger, outbox,
            new PublicInvoiceProjection("https://recaudo.example"));

    /** A customer of the company with the partner's link to it, as a customer upsert leaves them. */
    public CustomerLink givenCustomer(TenantScope scope, String source, String externalCustomerId) {
        CustomerProfile profile = new CustomerProfile(Optional.empty(), "Cliente " + externalCustomerId, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
        Customer customer = Customer.create(scope, profile, clock.instant());
        customers.insert(customer);
        CustomerLink link = CustomerLink.create(customer, source, externalCustomerId, profile, clock.instant());
        customers.insertLink(link);
        return link;
    }

    /** Stores a new document and books it as issuing does: its receivable and a checkout for the whole balance. */
    public CollectionDocument givenIssued(CollectionDocument document) {
        documents.insert(document);
        book.issued(document, clock.instant());
        return document;
    }

    /**
     * Pays an open document, in part or in full, through a verified payment the way a partner
     * reports one: the document has money applied from then on.
     */
    public CollectionDocument givenPaid(CollectionDocument document, Money amount) {
        CollectionDocument current = documents.get(document.id());
        Customer customer = customers.find(current.scope(), current.customerId()).orElseThrow();
        String payer = "payer-" + customer.id();
        if (customers.findLink(current.scope(), current.source(), payer).isEmpty()) {
            customers.insertLink(CustomerLink.create(customer, current.source(), payer, customer.profile(), clock.instant()));
        }
        ApplyResult result = verifiedPayments().apply(new VerifiedPayment(current.scope(), current.source(), "paid-" + UUID.randomUUID(),
                payer, amount, clock.instant(), List.of(new ListedDocument(current.externalDocumentId(), amount.amountMinor())),
                "req-paid"));
        if (!(result instanceof ApplyResult.Processed)) {
            throw new IllegalStateException("the payment was not applied: " + result);
        }
        return documents.get(document.id());
    }

    /** The verified payments use case on these books. */
    public VerifiedPaymentsService verifiedPayments() {
        return new VerifiedPaymentsService(payments, documents, customers, ledger, book, transactions, metrics, clock);
    }

    /** The public invoice use case on these books. */
    public InvoiceLifecycleService invoiceLifecycle() {
        return new InvoiceLifecycleService(documents, customers, payments, book, transactions, metrics, clock);
    }

    /** What the use cases on these books counted, in order. */
    public CountingMetrics metrics() {
        return metrics;
    }

    /** The receivable of the document in the ledger, in its currency. */
    public Money receivable(CollectionDocument document) {
        return ledger.balance(document.scope(), AccountCode.receivable(document.id()), document.total().currency());
    }

    /**
     * The books balance: all entries sum to zero per currency; each document's receivable is its
     * open balance; each payment's unapplied account holds (as a credit) what the payment has not
     * applied or credited nor returned by a refund; each customer's credit account holds the credit
     * its payments created; and each refund's in-flight account holds its amount while it is pending.
     */
    public void assertBalanced() {
        assertThat(ledger.sumOfAllEntries()).as("sum of all entries per currency").allSatisfy((currency, sum) ->
                assertThat(sum).as(currency.name()).isZero());
        for (CollectionDocument document : documents.all()) {
            assertThat(receivable(document)).as("receivable of " + document.externalDocumentId()).isEqualTo(document.balance());
        }
        Map<CreditAccount, Money> credits = new HashMap<>();
        for (Payment payment : payments.all()) {
            AccountCode unapplied = AccountCode.unappliedPayment(payment.id());
            Money waiting = waitingIn(payment);
            assertThat(ledger.balance(payment.scope(), unapplied, waiting.currency()))
                    .as("unapplied part of payment " + payment.externalPaymentId()).isEqualTo(waiting.negate());
            if (waiting.currency() != payment.amount().currency()) {
                assertThat(ledger.balance(payment.scope(), unapplied, payment.amount().currency()).isZero())
                        .as("payment " + payment.externalPaymentId() + " left nothing in its own currency").isTrue();
            }
            payment.customerId().filter(id -> payment.credit().isPositive()).ifPresent(customerId ->
                    credits.merge(new CreditAccount(payment.scope(), AccountCode.customerCredit(customerId)), payment.credit(),
                            Money::plus));
        }
        credits.forEach((credit, amount) -> assertThat(ledger.balance(credit.scope(), credit.account(), amount.currency()))
                .as(credit.account().value()).isEqualTo(amount.negate()));
        for (Refund refund : refunds.all()) {
            Money inFlight = refund.isPending() ? refund.amount() : Money.zero(refund.amount().currency());
            assertThat(ledger.balance(refund.scope(), AccountCode.refundInFlight(refund.id()), inFlight.currency()))
                    .as("in flight for refund " + refund.id()).isEqualTo(inFlight.negate());
        }
    }

    private record CreditAccount(TenantScope scope, AccountCode account) {}

    /** What the payment's unapplied account should still hold: nothing moved before the payment found a document. */
    private Money waitingIn(Payment payment) {
        if (payment.outcome() == PaymentOutcome.NEEDS_CERTIFIED_RATE) {
            return payment.amount();
        }
        if (payment.outcome() == PaymentOutcome.NO_OPEN_DOCUMENTS) {
            return Money.zero(payment.amount().currency());
        }
        Money unapplied = payment.unapplied().orElseThrow();
        return unapplied.minus(returned(payment, Money.zero(unapplied.currency())));
    }

    /** What the payment's refunds and chargebacks took out of it, pending or gone, added to {@code none}. */
    private Money returned(Payment payment, Money none) {
        return refunds.all().stream().filter(refund -> refund.paymentId().equals(payment.id()))
                .filter(Refund::holdsPaymentMoney).map(Refund::amount)
                .reduce(none, Money::plus);
    }

    public MutableClock clock() {
        return clock;
    }

    public InMemoryDocumentRepository documents() {
        return documents;
    }

    public InMemoryCheckoutRepository checkouts() {
        return checkouts;
    }

    public InMemoryExternalPaymentRepository externalPayments() {
        return externalPayments;
    }

    public InMemoryPaymentRepository payments() {
        return payments;
    }

    public InMemoryCustomerRepository customers() {
        return customers;
    }

    /** The documents' dossiers, read from these books. */
    public InMemoryDocumentDossiers dossiers() {
        return new InMemoryDocumentDossiers(documents, customers, payments);
    }

    public InMemoryLedger ledger() {
        return ledger;
    }

    public InMemoryUpsertOrder upsertOrder() {
        return upsertOrder;
    }

    public InMemoryRefundRepository refunds() {
        return refunds;
    }

    public InMemoryOutbox outbox() {
        return outbox;
    }

    public RollbackTransactions transactions() {
        return transactions;
    }

    public DocumentBook book() {
        return book;
    }

    /** The stored state of a document. */
    public CollectionDocument document(CollectionDocument document) {
        return documents.get(document.id());
    }

    /** A stored payment by the id its partner (or Recaudo, for the kinds it names) gave it. */
    public Payment payment(String externalPaymentId) {
        return payments.all().stream().filter(payment -> payment.externalPaymentId().equals(externalPaymentId)).findFirst()
                .orElseThrow(() -> new AssertionError("no payment " + externalPaymentId));
    }
}
