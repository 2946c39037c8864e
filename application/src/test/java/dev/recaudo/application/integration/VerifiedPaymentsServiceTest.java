package dev.recaudo.application.integration;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.Amounts.ves;
import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static dev.recaudo.application.fixtures.PaymentFixture.verified;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ApplyResult;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository.PaidDocument;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Verified payments applied to the listed documents, exactly once, in memory; the books balance after each test. */
class VerifiedPaymentsServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final VerifiedPaymentsService service = books.verifiedPayments();
    private final CustomerLink customer = books.givenCustomer(SCOPE, "erp", "C-1");

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private CollectionDocument issued(String externalDocumentId, Money total) {
        return books.givenIssued(document(SCOPE).withExternalId(externalDocumentId).forCustomer(customer).withTotal(total).build());
    }

    private static PaymentView processed(ApplyResult result) {
        assertThat(result).isInstanceOf(ApplyResult.Processed.class);
        return ((ApplyResult.Processed) result).view();
    }

    @Test
    void givenAnOpenDocument_whenPaidInFull_thenAppliedTheDocumentIsPaidAndAnnouncedOnce() {
        CollectionDocument invoice = issued("DC-1", usd(100_00));

        PaymentView view = processed(service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build()));

        assertThat(view.payment().outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(view.payment().applied()).isEqualTo(usd(100_00));
        assertThat(view.documents()).containsExactly(new PaidDocument(invoice.id(), "DC-1", usd(100_00), usd(0)));
        assertThat(view.customer().orElseThrow().companyCustomerId()).isEqualTo(customer.companyCustomerId());
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.PAID);
        assertThat(books.checkouts().current(SCOPE, invoice.id()).orElseThrow().status()).isEqualTo(CheckoutStatus.APPROVED);
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_PAID);
        assertThat(announced.status()).isEqualTo("PAID");
        assertThat(announced.payment_id()).isEqualTo(view.payment().id().toString());
        assertThat(books.ledger().transfers(TransferKind.PAYMENT_RECEIVED)).hasSize(1);
        assertThat(books.ledger().balance(SCOPE, AccountCode.partnerCollections("erp"), CurrencyCode.USD)).isEqualTo(usd(100_00));
    }

    @Test
    void givenTwoDocuments_whenOnePaymentListsBoth_thenEachTakesItsPartInTheOrderListed() {
        CollectionDocument first = issued("DC-1", usd(60_00));
        CollectionDocument second = issued("DC-2", usd(40_00));

        PaymentView view = processed(service.apply(verified(SCOPE, "P-1").listing("DC-2", 40_00).listing("DC-1", 60_00).build()));

        assertThat(view.payment().outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(view.documents()).extracting(PaidDocument::externalDocumentId).containsExactly("DC-2", "DC-1");
        assertThat(books.payments().applications()).extracting(PaymentApplication::documentId, PaymentApplication::position)
                .containsExactly(tuple(second.id(), 0), tuple(first.id(), 1));
        assertThat(List.of(books.document(first), books.document(second))).allSatisfy(paid -> {
            assertThat(paid.status()).isEqualTo(DocumentStatus.PAID);
            assertThat(paid.balance().isZero()).isTrue();
        });
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).hasSize(2);
    }

    @Test
    void givenDocumentsListedInAnyOrder_whenApplied_thenTheyAreLockedInIdOrderFirst() {
        CollectionDocument first = issued("DC-1", usd(50_00));
        CollectionDocument second = issued("DC-2", usd(50_00));

        service.apply(verified(SCOPE, "P-1").listing("DC-2", 50_00).listing("DC-1", 50_00).build());

        List<DocumentId> byId = List.of(first.id(), second.id()).stream()
                .sorted(Comparator.comparing(DocumentId::value)).toList();
        assertThat(books.documents().locks().subList(0, 2)).isEqualTo(byId);
    }

    @Test
    void givenLessListedThanTheBalance_whenApplied_thenTheDocumentStaysOpenForTheRestAndItsCheckoutIsCanceled() {
        CollectionDocument invoice = issued("DC-1", usd(100_00));

        PaymentView view = processed(service.apply(verified(SCOPE, "P-1").of(usd(40_00)).listing("DC-1", 40_00).build()));

        assertThat(view.payment().outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(books.document(invoice).balance()).isEqualTo(usd(60_00));
        assertThat(books.checkouts().current(SCOPE, invoice.id()).orElseThrow().status()).isEqualTo(CheckoutStatus.CANCELED);
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_PAID)).isEmpty();
    }

    @Test
    void givenAPaymentLargerThanWhatItLists_whenApplied_thenTheExcessBecomesTheCustomersCredit() {
        issued("DC-1", usd(100_00));

        PaymentView view = processed(service.apply(verified(SCOPE, "P-1").of(usd(150_00)).listing("DC-1", 100_00).build()));

        assertThat(view.payment().outcome()).isEqualTo(PaymentOutcome.CREDITED);
        assertThat(view.payment().credit()).isEqualTo(usd(50_00));
        assertThat(books.ledger().balance(SCOPE, AccountCode.customerCredit(customer.companyCustomerId()), CurrencyCode.USD))
                .isEqualTo(usd(-50_00));
        assertThat(books.ledger().transfers(TransferKind.CREDIT_CREATED)).hasSize(1);
    }

    @Test
    void givenMoreListedThanTheDocumentOwes_whenApplied_thenPartiallyAppliedAndTheShortfallStaysUnapplied() {
        CollectionDocument invoice = issued("DC-1", usd(100_00));
        service.apply(verified(SCOPE, "P-0").of(usd(30_00)).listing("DC-1", 30_00).build());

        PaymentView view = processed(service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build()));

        assertThat(view.payment().outcome()).isEqualTo(PaymentOutcome.PARTIALLY_APPLIED);
        assertThat(view.payment().applied()).isEqualTo(usd(70_00));
        assertThat(view.payment().unapplied()).hasValue(usd(30_00));
        assertThat(books.ledger().balance(SCOPE, AccountCode.unappliedPayment(view.payment().id()), CurrencyCode.USD))
                .isEqualTo(usd(-30_00));
        assertThat(books.document(invoice).status()).isEqualTo(DocumentStatus.PAID);
    }

    @Test
    void givenAProcessedPayment_whenItsExternalIdComesAgain_thenAlreadyProcessedWithTheFirstAnswerAndNoMoneyMoves() {
        issued("DC-1", usd(100_00));
        issued("DC-2", usd(100_00));
        PaymentView first = processed(service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build()));
        int transfers = books.ledger().transfers().size();

        ApplyResult again = service.apply(verified(SCOPE, "P-1").listing("DC-2", 100_00).build());

        assertThat(again).isEqualTo(new ApplyResult.AlreadyProcessed(first));
        assertThat(books.ledger().transfers()).hasSize(transfers);
        assertThat(books.payments().all()).hasSize(1);
    }

    @Test
    void givenOnlySettledDocuments_whenApplied_thenNothingMovesAndACorrectedRetryWithTheSameIdApplies() {
        issued("DC-1", usd(100_00));
        service.apply(verified(SCOPE, "P-0").listing("DC-1", 100_00).build());
        int transfers = books.ledger().transfers().size();

        ApplyResult nothingOpen = service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build());
        assertThat(nothingOpen).isInstanceOf(ApplyResult.NoOpenDocuments.class);
        assertThat(books.payment("P-1").outcome()).isEqualTo(PaymentOutcome.NO_OPEN_DOCUMENTS);
        assertThat(books.ledger().transfers()).hasSize(transfers);

        issued("DC-2", usd(100_00));
        PaymentView corrected = processed(service.apply(verified(SCOPE, "P-1").listing("DC-2", 100_00).build()));

        assertThat(corrected.payment().outcome()).isEqualTo(PaymentOutcome.APPLIED);
        assertThat(corrected.payment().id()).isEqualTo(((ApplyResult.NoOpenDocuments) nothingOpen).view().payment().id());
    }

    @Test
    void givenDocumentsThePaymentMayNotPay_whenApplied_thenRefusedAndNothingIsKept() {
        CustomerLink other = books.givenCustomer(SCOPE, "erp", "C-2");
        issued("DC-1", usd(60_00));
        issued("DC-2", usd(60_00));
        books.givenIssued(document(SCOPE).withExternalId("DC-OTHER").forCustomer(other).build());
        books.givenIssued(document(SCOPE).from("crm").withExternalId("DC-CRM").forCustomer(customer).build());
        books.givenIssued(document(new TenantScope(SCOPE.companyId(), KeyEnvironment.TEST)).withExternalId("DC-TEST")
                .forCustomer(customer).build());
        issued("DC-VES", ves(50_00));
        issued("DC-COP", Money.of(50_00, CurrencyCode.COP));

        assertRefused(verified(SCOPE, "P-1").listing("DC-OTHER", 10_00).build(), Rejection.DOCUMENT_OF_ANOTHER_CUSTOMER, "DC-OTHER");
        assertRefused(verified(SCOPE, "P-1").listing("DC-CRM", 10_00).build(), Rejection.DOCUMENT_NOT_FOUND, "DC-CRM");
        assertRefused(verified(SCOPE, "P-1").listing("DC-TEST", 10_00).build(), Rejection.DOCUMENT_NOT_FOUND, "DC-TEST");
        assertRefused(verified(SCOPE, "P-1").byCustomer("C-404").listing("DC-1", 10_00).build(),
                Rejection.CUSTOMER_NOT_FOUND, "C-404");
        assertRefused(verified(SCOPE, "P-1").listing("DC-1", 10_00).listing("DC-VES", 10_00).build(),
                Rejection.MIXED_CURRENCIES, "DC-VES");
        assertRefused(verified(SCOPE, "P-1").listing("DC-COP", 10_00).build(), Rejection.DOCUMENT_CURRENCY_NOT_SETTLEABLE, "COP");
        assertRefused(verified(SCOPE, "P-1").listing("DC-1", 60_00).listing("DC-2", 50_00).build(),
                Rejection.LISTED_EXCEEDS_AMOUNT, "11000");
    }

    private void assertRefused(VerifiedPaymentsUseCase.VerifiedPayment command, Rejection reason, String detail) {
        int transfers = books.ledger().transfers().size();
        int rollbacks = books.transactions().rollbacks();

        assertThat(service.apply(command)).isEqualTo(new ApplyResult.Rejected(reason, detail));

        assertThat(books.transactions().rollbacks()).isEqualTo(rollbacks + 1);
        assertThat(books.payments().all()).isEmpty();
        assertThat(books.ledger().transfers()).hasSize(transfers);
    }

    @Test
    void givenTheDatabaseFailsMidway_whenApplied_thenEverythingRollsBackAndARetryAppliesAfresh() {
        CollectionDocument invoice = issued("DC-1", usd(100_00));
        int transfers = books.ledger().transfers().size();
        books.outbox().fail();

        assertThatThrownBy(() -> service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build()))
                .isInstanceOf(IllegalStateException.class);

        assertThat(books.payments().all()).isEmpty();
        assertThat(books.payments().applications()).isEmpty();
        assertThat(books.ledger().transfers()).hasSize(transfers);
        assertThat(books.document(invoice)).isEqualTo(invoice);
        assertThat(books.checkouts().current(SCOPE, invoice.id()).orElseThrow().isPending()).isTrue();

        books.outbox().recover();
        assertThat(processed(service.apply(verified(SCOPE, "P-1").listing("DC-1", 100_00).build())).payment().outcome())
                .isEqualTo(PaymentOutcome.APPLIED);
    }
}
