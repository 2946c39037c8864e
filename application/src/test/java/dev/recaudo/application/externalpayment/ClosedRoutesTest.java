package dev.recaudo.application.externalpayment;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.CompleteExternalPaymentUseCase.Completion;
import dev.recaudo.application.externalpayment.DirectChargeUseCase.ChargeOutcome;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CancelResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.application.invoice.CustomerCreditEvent;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.application.refund.RefundsService;
import dev.recaudo.application.refund.UntakenMoneyRefunds;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundStatus;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, items 2 and 3 on the books in memory: a hosted payment leaves the invoice's checkout
 * payable, a document paid any way closes its pending hosted payment, and money that arrives for a
 * closed route becomes the customer's credit with its event, never a second payment of the document.
 */
class ClosedRoutesTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);
    private static final String CALLBACK = "https://hooks.example/paid";

    private final InMemoryBooks books = new InMemoryBooks();
    private final InMemoryCallbacks callbacks = new InMemoryCallbacks();
    private final WebhookTargetPolicy targets = url -> new WebhookTargetPolicy.TargetCheck.Allowed();
    private CollectionDocument invoice;

    @BeforeEach
    void anIssuedInvoiceOfACustomer() {
        CustomerLink customer = books.givenCustomer(SCOPE, "erp", "C-1");
        invoice = books.givenIssued(document(SCOPE).forCustomer(customer).withTotal(usd(100_00)).build());
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private final InMemorySandboxRefundBook sandboxRefunds = new InMemorySandboxRefundBook();
    private final SandboxProcessor sandbox = new SandboxProcessor(new InMemorySandboxChargeBook(), sandboxRefunds, books.clock());
    private final RefundsService refunds = new RefundsService(books.externalPayments(), books.refunds(), books.payments(),
            books.documents(), books.ledger(), books.book(), books.outbox(), new Processors(sandbox, Optional.empty()),
            books.transactions(), books.clock(), Duration.ofMinutes(2));

    private final ExternalPaymentsService sandboxed = new ExternalPaymentsService(books.externalPayments(), callbacks,
            books.documents(), books.payments(), books.ledger(), books.book(), targets,
            new Processors(sandbox, Optional.empty()), books.transactions(), books.metrics(), books.clock());

    /** The direct charge's phases 2 and 3 through {@code processor}. */
    private ExternalPayment charged(ExternalPayment pending, PaymentProcessor processor) {
        DirectChargeService charges = new DirectChargeService(books.externalPayments(), callbacks, books.documents(),
                books.payments(), books.ledger(), books.book(), new Processors(processor, Optional.empty()),
                books.transactions(), books.metrics(), books.clock(), Duration.ofMinutes(2), new UntakenMoneyRefunds(refunds));
        ChargeOutcome outcome = charges.charge(SCOPE, "erp", pending.id());
        return charges.record(SCOPE, "erp", pending.id(), outcome).payment();
    }

    private ExternalPayment create(ExternalPaymentsService service, ExternalPaymentMode mode, Money amount) {
        CreateResult result = service.create(new CreatePayment(SCOPE, "erp", Optional.of("erp"), UUID.randomUUID(), mode, amount,
                Optional.of(invoice.id()), Optional.empty(), Optional.of(CALLBACK), Optional.empty(), Optional.empty()));
        assertThat(result).isInstanceOf(CreateResult.Created.class);
        return ((CreateResult.Created) result).view().payment();
    }

    private Checkout invoiceCheckout() {
        return books.checkouts().current(SCOPE, invoice.id()).orElseThrow();
    }

    private ExternalPayment stored(ExternalPayment payment) {
        return books.externalPayments().find(SCOPE, "erp", payment.id()).orElseThrow();
    }

    @Test
    void givenHostedPaymentForTheInvoice_whenCreatedThenCompleted_thenTheCheckoutStayedPayableAndIsApprovedByThePayment() {
        Checkout before = invoiceCheckout();
        ExternalPayment hosted = create(sandboxed, ExternalPaymentMode.HOSTED, usd(100_00));

        assertThat(invoiceCheckout()).isEqualTo(before);
        Completion completion = sandboxed.completeHosted(SCOPE, Optional.empty(), hosted.checkoutId().orElseThrow());

        assertThat(completion).isInstanceOf(Completion.Completed.class);
        assertThat(stored(hosted).status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(invoiceCheckout().id()).isEqualTo(before.id());
        assertThat(invoiceCheckout().status()).isEqualTo(CheckoutStatus.APPROVED);
        PublicInvoice paid = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(paid.payment().status()).isEqualTo("APPROVED");
        assertThat(paid.payment().provider_id()).isEqualTo("external:" + hosted.id());
        assertThat(callbacks.candidates(SCOPE.environment(), books.clock().instant(), 1, 1).due()).hasSize(1);
        assertThat(books.outbox().ofType(CustomerCreditEvent.TYPE)).isEmpty();
    }

    @Test
    void givenHostedPaymentCanceled_whenTheInvoiceIsRead_thenItsOwnCheckoutIsStillThePayableOne() {
        Checkout before = invoiceCheckout();
        ExternalPayment hosted = create(sandboxed, ExternalPaymentMode.HOSTED, usd(100_00));

        assertThat(sandboxed.cancel(SCOPE, "erp", hosted.id())).isInstanceOf(CancelResult.Canceled.class);

        assertThat(invoiceCheckout()).isEqualTo(before);
        assertThat(books.checkouts().of(invoice.id())).hasSize(1);
    }

    @Test
    void givenPendingHostedPayment_whenTheInvoiceIsPaidByAVerifiedPayment_thenItIsCanceledAndItsCompletionRefused() {
        ExternalPayment hosted = create(sandboxed, ExternalPaymentMode.HOSTED, usd(100_00));

        books.givenPaid(invoice, usd(100_00));

        assertThat(stored(hosted).status()).isEqualTo(ExternalPaymentStatus.CANCELED);
        int transfers = books.ledger().transfers().size();
        Completion late = sandboxed.completeHosted(SCOPE, Optional.empty(), hosted.checkoutId().orElseThrow());
        assertThat(late).isInstanceOf(Completion.NotPayable.class);
        assertThat(books.ledger().transfers()).hasSize(transfers);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
    }

    /**
     * A direct payment the processor approves only after the invoice was paid another way (left
     * pending, or answering late): the invoice is not paid twice; the money is the customer's
     * credit, in the ledger and in a {@code customer.credit_created} event.
     */
    @Test
    void givenDirectPaymentApprovedAfterTheInvoiceWasPaidMeanwhile_whenRecorded_thenAllOfItIsCreditWithItsEvent() {
        ExternalPayment pending = create(sandboxed, ExternalPaymentMode.DIRECT, usd(100_00));
        books.givenPaid(invoice, usd(100_00));

        ExternalPayment direct = charged(pending, sandbox);

        assertThat(direct.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        CollectionDocument after = books.document(invoice);
        assertThat(after.status()).isEqualTo(DocumentStatus.PAID);
        assertThat(after.balance().isZero()).isTrue();
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
        Payment payment = books.payment("external:" + direct.id());
        assertThat(payment.applied().isZero()).isTrue();
        assertThat(payment.credit()).as("the credit it created is on its way back").isEqualTo(usd(0));
        assertThat(payment.outcome()).isEqualTo(PaymentOutcome.CREDITED);
        assertThat(books.ledger().transfers(TransferKind.CREDIT_CREATED)).hasSize(1);
        assertCreditEvent(payment, 100_00, "document_closed");
        // The processor can refund: the credit is on its way back to the payer, in flight until the refund is sent.
        Refund refund = books.refunds().all().get(0);
        assertThat(refund.amount()).isEqualTo(usd(100_00));
        assertThat(refund.sources().credit()).isEqualTo(usd(100_00));
        assertThat(books.ledger().balance(SCOPE, AccountCode.customerCredit(invoice.customerId()), CurrencyCode.USD))
                .isEqualTo(usd(0));
        assertThat(books.ledger().balance(SCOPE, AccountCode.refundInFlight(refund.id()), CurrencyCode.USD).isZero()).isFalse();

        books.clock().advance(Duration.ofMinutes(3));
        refunds.recoverPendingRefunds(KeyEnvironment.TEST);

        assertThat(books.refunds().all()).singleElement().satisfies(sent -> assertThat(sent.status()).isEqualTo(RefundStatus.SUCCEEDED));
        assertThat(sandboxRefunds.refundCalls()).isEqualTo(1);
        assertThat(books.ledger().balance(SCOPE, AccountCode.refundInFlight(refund.id()), CurrencyCode.USD)).isEqualTo(usd(0));
        assertThat(books.outbox().ofType("external_payment.refunded")).hasSize(1);
        assertThat(books.document(invoice).status()).as("the invoice stays paid by what paid it").isEqualTo(DocumentStatus.PAID);
    }

    /** The invoice's amount was lowered while its direct payment was pending: the balance is paid, the rest credited. */
    @Test
    void givenDirectPaymentForAnInvoiceLoweredMeanwhile_whenApproved_thenTheBalanceIsPaidAndTheRestIsCreditWithItsEvent() {
        ExternalPayment pending = create(sandboxed, ExternalPaymentMode.DIRECT, usd(100_00));
        books.transactions().inTransaction(() -> books.book().changeTotal(books.document(invoice), usd(75_00),
                books.clock().instant()));

        ExternalPayment direct = charged(pending, sandbox);

        assertThat(direct.status()).isEqualTo(ExternalPaymentStatus.COMPLETED);
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.PAID);
        assertCreditEvent(books.payment("external:" + direct.id()), 25_00, "above_balance");
    }

    private void assertCreditEvent(Payment payment, long amountMinor, String reason) {
        assertThat(books.outbox().ofType(CustomerCreditEvent.TYPE)).singleElement().satisfies(event -> {
            assertThat(event.aggregateId()).isEqualTo(invoice.id().value());
            assertThat(credit(event)).containsEntry("customer_id", invoice.customerId().toString())
                    .containsEntry("amount_minor", amountMinor)
                    .containsEntry("currency", "USD")
                    .containsEntry("reason", reason)
                    .containsEntry("invoice_id", invoice.id().toString())
                    .containsEntry("payment_id", payment.id().toString())
                    .containsEntry("external_payment_id", payment.externalPaymentId());
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> credit(OutboxEvent event) {
        return (Map<String, Object>) event.body().get("credit");
    }
}
