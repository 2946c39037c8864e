package dev.recaudo.application.invoice;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.InvoiceFixture.invoice;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.DeleteResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateRejection;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateResult;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentLifecycle.Rejection;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The two ways a public invoice ends, annulled or settled by the provider, in memory; the books balance after each test. */
class InvoiceSettlementAndAnnulmentTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Optional<String> ERP = Optional.of("erp");

    private final InMemoryBooks books = new InMemoryBooks();
    private final InvoiceLifecycleService service = books.invoiceLifecycle();
    private CollectionDocument document;

    @BeforeEach
    void anOpenInvoice() {
        CreateResult created = service.create(invoice(SCOPE).withProviderId("INV-1").create());
        document = ((CreateResult.Created) created).invoice().document();
        books.clock().advance(Duration.ofMinutes(5));
    }

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    @Test
    void givenAnOpenInvoice_whenAnnulled_thenNothingIsOwedTheCheckoutIsVoidedAndItIsAnnouncedOnce() {
        assertThat(service.annul(SCOPE, ERP, document.id())).isEqualTo(new DeleteResult.Done());
        assertThat(service.annul(SCOPE, ERP, document.id())).as("repeated").isEqualTo(new DeleteResult.Done());

        CollectionDocument annulled = books.document(document);
        assertThat(annulled.status()).isEqualTo(DocumentStatus.DELETE_FROM_PROVIDER);
        assertThat(annulled.balance().isZero()).isTrue();
        assertThat(books.ledger().transfers(TransferKind.DOCUMENT_ANNULLED)).hasSize(1);
        assertThat(books.checkouts().current(SCOPE, document.id()).orElseThrow().status()).isEqualTo(CheckoutStatus.CANCELED);
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_CANCELED);
        assertThat(announced.status()).isEqualTo("DELETE_FROM_PROVIDER");
        assertThat(announced.payment().status()).isEqualTo("canceled");
    }

    @Test
    void givenAnAnnulledInvoice_whenReplacedOrSettled_thenItsStatusForbidsIt() {
        service.annul(SCOPE, ERP, document.id());

        assertThat(service.update(invoice(SCOPE).withProviderId("INV-1").replacing(document.id())))
                .isEqualTo(new UpdateResult.Rejected(UpdateRejection.STATUS_FORBIDS));
        assertThat(service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1"))
                .isEqualTo(new DeleteResult.Rejected(Rejection.STATUS_FORBIDS));
    }

    @Test
    void givenMoneyApplied_whenAnnulledOrSettled_thenRejectedAndTheInvoiceKeepsItsMoney() {
        CollectionDocument partPaid = books.givenPaid(document, usd(30_00));

        assertThat(service.annul(SCOPE, ERP, document.id())).isEqualTo(new DeleteResult.Rejected(Rejection.MONEY_APPLIED));
        assertThat(service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1"))
                .isEqualTo(new DeleteResult.Rejected(Rejection.PAYMENTS_APPLIED));

        assertThat(books.document(document)).isEqualTo(partPaid);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_CANCELED)).isEmpty();
    }

    @Test
    void givenAnOpenInvoice_whenSettledFromTheProvider_thenExactlyItsBalanceIsAppliedAndPaidIsAnnouncedOnce() {
        assertThat(service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1")).isEqualTo(new DeleteResult.Done());
        assertThat(service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1")).as("repeated").isEqualTo(new DeleteResult.Done());

        CollectionDocument settled = books.document(document);
        assertThat(settled.status()).isEqualTo(DocumentStatus.PAID_FROM_PROVIDER);
        assertThat(settled.applied()).isEqualTo(usd(100_00));
        assertThat(settled.balance().isZero()).isTrue();
        Payment settlement = books.payment(PaymentKind.PROVIDER_SETTLEMENT.externalPaymentIdOf(document.id().value()));
        assertThat(settlement.providerPaymentId()).hasValue("PP-1");
        assertThat(books.payments().all()).hasSize(1);
        assertThat(books.checkouts().current(SCOPE, document.id()).orElseThrow().status()).isEqualTo(CheckoutStatus.APPROVED);
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(announced.status()).isEqualTo("PAID_FROM_PROVIDER");
        assertThat(announced.payment_id()).isEqualTo(settlement.id().toString());
        assertThat(announced.payment().status()).isEqualTo("APPROVED");
        assertThat(announced.payment().provider_id()).isEqualTo("PP-1");
        assertThat(books.metrics().payments()).containsExactly(
                PaymentCount.of(PaymentFamily.PROVIDER_SETTLEMENT, PaymentOutcome.APPLIED),
                PaymentCount.of(PaymentFamily.PROVIDER_SETTLEMENT, PaymentOutcome.ALREADY_PROCESSED));
    }

    @Test
    void givenASettledInvoice_whenAnotherProviderPaymentSettlesIt_thenSettledByAnotherPaymentAndNothingMoves() {
        service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1");
        int transfers = books.ledger().transfers().size();

        assertThat(service.settleFromProvider(SCOPE, ERP, document.id(), "PP-2")).isEqualTo(new DeleteResult.SettledByAnotherPayment());
        assertThat(service.annul(SCOPE, ERP, document.id())).isEqualTo(new DeleteResult.Rejected(Rejection.MONEY_APPLIED));

        assertThat(books.ledger().transfers()).hasSize(transfers);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(1);
        assertThat(books.metrics().payments()).containsExactly(
                PaymentCount.of(PaymentFamily.PROVIDER_SETTLEMENT, PaymentOutcome.APPLIED),
                PaymentCount.rejected(PaymentFamily.PROVIDER_SETTLEMENT, PaymentRefusal.SETTLED_BY_ANOTHER_PAYMENT));
    }

    @Test
    void givenASettledInvoice_whenReplaced_thenOnlyTheSameAmountIsAccepted() {
        service.settleFromProvider(SCOPE, ERP, document.id(), "PP-1");

        assertThat(service.update(invoice(SCOPE).withProviderId("INV-1").withAmount(usd(90_00)).replacing(document.id())))
                .isEqualTo(new UpdateResult.Rejected(UpdateRejection.SETTLED_AMOUNT_DIFFERS));
        assertThat(service.update(invoice(SCOPE).withProviderId("INV-1").replacing(document.id())))
                .isInstanceOf(UpdateResult.Updated.class);
        assertThat(books.document(document).status()).isEqualTo(DocumentStatus.PAID_FROM_PROVIDER);
    }

    @Test
    void givenAnotherPartnersInvoice_whenAnnulledOrSettled_thenNotFound() {
        Optional<String> crm = Optional.of("crm");

        assertThat(service.annul(SCOPE, crm, document.id())).isEqualTo(new DeleteResult.NotFound());
        assertThat(service.settleFromProvider(SCOPE, crm, document.id(), "PP-1")).isEqualTo(new DeleteResult.NotFound());
        assertThat(service.get(SCOPE, crm, document.id())).isEmpty();
        assertThat(service.get(SCOPE, Optional.empty(), document.id())).isPresent();
        assertThat(books.document(document).status()).isEqualTo(DocumentStatus.CREATED);
    }
}
