package dev.recaudo.application.invoice;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.details;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The money moves of one document, carried out in memory; the books balance after each test. */
class DocumentBookTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    private final InMemoryBooks books = new InMemoryBooks();
    private final DocumentBook book = books.book();
    private CollectionDocument document;

    @BeforeEach
    void anIssuedDocument() {
        document = books.givenIssued(document(SCOPE).withTotal(usd(100_00)).build());
        books.clock().advance(Duration.ofMinutes(1));
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private Instant now() {
        return books.clock().instant();
    }

    private Checkout current() {
        return books.checkouts().current(SCOPE, document.id()).orElseThrow();
    }

    /** A checkout payment of the amount, as the checkout use case makes it. */
    private Payment checkoutPayment(Money amount, Optional<String> providerPaymentId) {
        return Payment.settling(SCOPE, document.source(), PaymentKind.CHECKOUT, UUID.randomUUID(), document.customerId(),
                amount, providerPaymentId, now());
    }

    /** A payment of the amount, recorded and received as a payment use case does before applying it. */
    private Payment recorded(Money amount) {
        Payment payment = checkoutPayment(amount, Optional.empty());
        books.payments().insert(payment);
        books.ledger().post(Transfer.move(SCOPE, TransferKind.PAYMENT_RECEIVED, AccountCode.partnerCollections(document.source()),
                AccountCode.unappliedPayment(payment.id()), amount, Optional.empty(), Optional.of(payment.id()), now()));
        return payment;
    }

    private ExternalPayment pendingHosted(CollectionDocument collected) {
        ExternalPayment hosted = new ExternalPayment(UUID.randomUUID(), SCOPE, "erp", UUID.randomUUID(), ExternalPaymentMode.HOSTED,
                ExternalPaymentStatus.PENDING, collected.balance(), Optional.of(collected.id()), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(UUID.randomUUID()), Optional.empty(), now(), now());
        books.externalPayments().insert(hosted);
        return hosted;
    }

    @Test
    void givenANewDocument_whenIssued_thenItsReceivableHoldsTheTotalAndACheckoutAsksForIt() {
        assertThat(books.ledger().transfers(TransferKind.DOCUMENT_ISSUED)).singleElement().satisfies(issued ->
                assertThat(issued.documentId()).hasValue(document.id()));
        assertThat(books.ledger().balance(SCOPE, AccountCode.billing(), document.total().currency())).isEqualTo(usd(-100_00));
        assertThat(current().amount()).isEqualTo(usd(100_00));
        assertThat(current().title()).isEqualTo(document.details().name());
        assertThat(current().isPending()).isTrue();
    }

    @Test
    void givenPartOfTheBalance_whenApplied_thenOneApplicationOneTransferAndTheCheckoutForTheOldBalanceIsCanceled() {
        Payment payment = recorded(usd(40_00));

        CollectionDocument paid = book.applyReceived(document, payment, usd(40_00), 0, now());

        assertThat(paid.applied()).isEqualTo(usd(40_00));
        assertThat(paid.balance()).isEqualTo(usd(60_00));
        assertThat(paid.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(paid.version()).isEqualTo(document.version() + 1);
        assertThat(books.document(document)).isEqualTo(paid);
        Transfer applied = books.ledger().transfers(TransferKind.PAYMENT_APPLIED).get(0);
        assertThat(applied.entries()).anySatisfy(entry ->
                assertThat(entry.account()).isEqualTo(AccountCode.unappliedPayment(payment.id())));
        assertThat(books.payments().applications()).singleElement().satisfies(application -> {
            assertThat(application.transferId()).isEqualTo(applied.id());
            assertThat(application.position()).isZero();
            assertThat(application.paymentId()).isEqualTo(payment.id());
        });
        assertThat(current().status()).isEqualTo(CheckoutStatus.CANCELED);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).isEmpty();
    }

    @Test
    void givenTheWholeBalance_whenSettled_thenThePaymentIsRecordedTheCheckoutApprovedAndPaidAnnouncedOnce() {
        Payment payment = checkoutPayment(usd(100_00), Optional.of("ref-77"));

        InvoiceView view = book.settle(document, payment, AccountCode.checkoutCollections(), DocumentStatus.PAID, now());

        assertThat(view.document().balance()).isEqualTo(usd(0));
        assertThat(view.document().status()).isEqualTo(DocumentStatus.PAID);
        assertThat(view.paymentId()).hasValue(payment.id());
        assertThat(books.payments().applications()).singleElement().satisfies(application ->
                assertThat(application.paymentId()).isEqualTo(payment.id()));
        assertThat(view.checkout()).as("a settled document's checkout is what paid it").hasValueSatisfying(checkout -> {
            assertThat(checkout.status()).isEqualTo(CheckoutStatus.APPROVED);
            assertThat(checkout.providerPaymentId()).hasValue("ref-77");
            assertThat(checkout.paidAt()).hasValue(now());
        });
        assertThat(current().status()).isEqualTo(CheckoutStatus.APPROVED);
        assertThat(books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID).status()).isEqualTo("PAID");
    }

    @Test
    void givenACheckoutPaidWithoutAProvider_whenSettled_thenInvoicePaidNamesThePaymentAsItsProviderId() {
        Payment payment = checkoutPayment(usd(100_00), Optional.empty());

        book.settle(document, payment, AccountCode.checkoutCollections(), DocumentStatus.PAID, now());

        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(announced.payment().status()).isEqualTo("APPROVED");
        assertThat(announced.payment().provider_id()).isEqualTo(payment.externalPaymentId()).startsWith("checkout:");
    }

    @Test
    void givenACheckoutCanceledByAnEarlierPartialPayment_whenTheRestIsPaid_thenItIsApprovedByTheLastPayment() {
        Payment first = recorded(usd(40_00));
        CollectionDocument partPaid = book.applyReceived(document, first, usd(40_00), 0, now());
        Payment rest = recorded(usd(60_00));

        CollectionDocument paid = book.applyReceived(partPaid, rest, usd(60_00), 0, now());

        assertThat(paid.status()).isEqualTo(DocumentStatus.PAID);
        assertThat(current().status()).isEqualTo(CheckoutStatus.APPROVED);
        assertThat(books.payments().applications()).extracting(PaymentApplication::paymentId).containsExactly(first.id(), rest.id());
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(announced.payment().status()).isEqualTo("APPROVED");
        assertThat(announced.payment().provider_id()).isEqualTo(rest.externalPaymentId());
    }

    @Test
    void givenAPendingHostedPayment_whenTheDocumentIsPaidAnotherWay_thenItIsCanceledAndTheCheckoutApprovedByThePayment() {
        ExternalPayment hosted = pendingHosted(document);
        Payment verified = recorded(usd(100_00));

        book.applyReceived(document, verified, usd(100_00), 0, now());

        assertThat(books.externalPayments().find(SCOPE, "erp", hosted.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.CANCELED);
        assertThat(current().status()).isEqualTo(CheckoutStatus.APPROVED);
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(announced.payment().status()).isEqualTo("APPROVED");
        assertThat(announced.payment().provider_id()).isEqualTo(verified.externalPaymentId());
    }

    @Test
    void givenACanceledCheckout_whenTheDocumentIsDescribed_thenTheCanceledCheckoutIsLeftAsItWas() {
        CollectionDocument partPaid = book.applyReceived(document, recorded(usd(40_00)), usd(40_00), 0, now());
        Checkout canceled = current();
        assertThat(canceled.status()).isEqualTo(CheckoutStatus.CANCELED);

        book.describe(partPaid.withDetails(partPaid.reference(), details("Nueva"), now()), now());

        assertThat(current()).isEqualTo(canceled);
        assertThat(books.document(document).details().name()).isEqualTo("Nueva");
    }

    @Test
    void givenAPendingHostedPayment_whenTheTotalChanges_thenItIsCanceledWithTheOldCheckout() {
        ExternalPayment hosted = pendingHosted(document);
        CollectionDocument other = books.givenIssued(document(SCOPE).withExternalId("DC-2").build());
        ExternalPayment otherHosted = pendingHosted(other);

        InvoiceView view = book.changeTotal(document, usd(120_00), now());

        assertThat(books.externalPayments().find(SCOPE, "erp", hosted.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.CANCELED);
        assertThat(books.externalPayments().find(SCOPE, "erp", otherHosted.id()).orElseThrow().isPending()).isTrue();
        assertThat(view.checkout().orElseThrow().amount()).isEqualTo(usd(120_00));
        assertThat(books.receivable(document)).isEqualTo(usd(120_00));
    }

    @Test
    void givenAPendingHostedPayment_whenTheDocumentIsAnnulled_thenItIsCanceledAndTheAnnulmentAnnounced() {
        ExternalPayment hosted = pendingHosted(document);

        InvoiceView view = book.annul(document, now());

        assertThat(books.externalPayments().find(SCOPE, "erp", hosted.id()).orElseThrow().status())
                .isEqualTo(ExternalPaymentStatus.CANCELED);
        assertThat(view.document().status()).isEqualTo(DocumentStatus.DELETE_FROM_PROVIDER);
        assertThat(view.checkout().orElseThrow().status()).isEqualTo(CheckoutStatus.CANCELED);
        assertThat(books.outbox().onlyInvoice(DocumentBook.INVOICE_CANCELED).is_test()).isTrue();
    }

    @Test
    void givenAFailedDocumentWithARejectedCheckout_whenAnnulled_thenTheCheckoutIsCanceledAndTheEventSaysSo() {
        books.checkouts().update(current().rejected(now()));
        CollectionDocument failed = document.withStatus(DocumentStatus.FAILED, now());
        books.documents().update(failed);

        InvoiceView view = book.annul(failed, now());

        assertThat(view.checkout().orElseThrow().status()).isEqualTo(CheckoutStatus.CANCELED);
        assertThat(current().status()).isEqualTo(CheckoutStatus.CANCELED);
        assertThat(books.outbox().onlyInvoice(DocumentBook.INVOICE_CANCELED).payment().status()).isEqualTo("canceled");
    }
}
