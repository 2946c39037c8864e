package dev.recaudo.application.externalpayment;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreateResult;
import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.Rejection;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fakes.InMemoryCallbacks;
import dev.recaudo.application.fakes.InMemorySandboxChargeBook;
import dev.recaudo.application.fakes.InMemorySandboxRefundBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * External payments for an invoice, in memory (issue 22): the amount must be the invoice's open
 * balance, and what a completion applied and credited is what the payment reports.
 */
class ExternalPaymentsForInvoicesTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.TEST);

    private final InMemoryBooks books = new InMemoryBooks();
    private final Processors processors =
            new Processors(new SandboxProcessor(new InMemorySandboxChargeBook(), new InMemorySandboxRefundBook(), books.clock()), Optional.empty());
    private final ExternalPaymentsService service = new ExternalPaymentsService(books.externalPayments(),
            new InMemoryCallbacks(), books.documents(), books.payments(), books.ledger(), books.book(),
            url -> new WebhookTargetPolicy.TargetCheck.Allowed(), processors, books.transactions(), books.metrics(),
            books.clock());
    private CollectionDocument invoice;

    @BeforeEach
    void anIssuedInvoice() {
        invoice = books.givenIssued(document(SCOPE).forCustomer(books.givenCustomer(SCOPE, "erp", "C-1"))
                .withTotal(usd(20_00)).build());
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private CreateResult create(ExternalPaymentMode mode, long amountMinor) {
        return service.create(new CreatePayment(SCOPE, "erp", Optional.of("erp"), UUID.randomUUID(), mode,
                Money.of(amountMinor, CurrencyCode.USD), Optional.of(invoice.id()), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()));
    }

    @Test
    void givenAmountOtherThanTheOpenBalance_whenCreating_thenRejectedNamingTheBalanceAndNothingChanges() {
        Checkout checkout = books.checkouts().current(SCOPE, invoice.id()).orElseThrow();

        for (ExternalPaymentMode mode : ExternalPaymentMode.values()) {
            for (long amountMinor : new long[] {15_00, 25_50}) {
                assertThat(create(mode, amountMinor)).isEqualTo(new CreateResult.Rejected(Rejection.AMOUNT_NOT_OPEN_BALANCE,
                        "must equal the invoice's open balance, 2000 USD"));
            }
        }

        assertThat(books.externalPayments().writes()).isZero();
        assertThat(books.checkouts().current(SCOPE, invoice.id())).contains(checkout);
        assertThat(books.document(invoice)).isEqualTo(invoice);
        // The exact balance is taken: the direct payment's first phase records it pending.
        assertThat(create(ExternalPaymentMode.DIRECT, 20_00)).isInstanceOfSatisfying(CreateResult.Created.class,
                created -> assertThat(created.view().payment().isPending()).isTrue());
    }

    @Test
    void givenInvoicePaidWhileADirectPaymentWaited_whenApproved_thenAllOfItIsCreditAndTheViewReportsIt() {
        ExternalPayment direct = ((CreateResult.Created) create(ExternalPaymentMode.DIRECT, 20_00)).view().payment();
        books.givenPaid(invoice, usd(20_00));

        DirectChargeService charges = new DirectChargeService(books.externalPayments(), new InMemoryCallbacks(),
                books.documents(), books.payments(), books.ledger(), books.book(), processors, books.transactions(),
                books.metrics(), books.clock(), Duration.ofMinutes(2), UntakenMoney.KEPT_AS_CREDIT);
        charges.record(SCOPE, "erp", direct.id(), charges.charge(SCOPE, "erp", direct.id()));

        Payment recorded = service.get(SCOPE, "erp", direct.id()).orElseThrow().recorded().orElseThrow();
        assertThat(recorded.applied()).isEqualTo(usd(0));
        assertThat(recorded.credit()).isEqualTo(usd(20_00));
        assertThat(books.ledger().balance(SCOPE, AccountCode.customerCredit(invoice.customerId()), CurrencyCode.USD))
                .isEqualTo(usd(-20_00));
    }

    /** A second external payment while one is pending could only take the invoice's money twice. */
    @Test
    void givenAPendingDirectPayment_whenAnotherPaymentIsCreatedForTheInvoice_thenRefusedAsAlreadyCollected() {
        assertThat(create(ExternalPaymentMode.DIRECT, 20_00)).isInstanceOf(CreateResult.Created.class);

        for (ExternalPaymentMode mode : ExternalPaymentMode.values()) {
            assertThat(create(mode, 20_00)).isEqualTo(new CreateResult.Rejected(Rejection.INVOICE_ALREADY_COLLECTED,
                    "a pending external payment already collects this invoice"));
        }
        assertThat(books.externalPayments().writes()).isEqualTo(1);
    }
}
