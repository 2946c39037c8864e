package dev.recaudo.application.invoice;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.Amounts.ves;
import static dev.recaudo.application.fixtures.DocumentFixture.details;
import static dev.recaudo.application.fixtures.DocumentFixture.line;
import static dev.recaudo.application.fixtures.InvoiceFixture.invoice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.fixtures.InvoiceFixture;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.CreateResult;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateInvoice;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateRejection;
import dev.recaudo.application.invoice.InvoiceLifecycleUseCase.UpdateResult;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.JsonText;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.Channel;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.TransferKind;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Creating and replacing public invoices in memory; the books balance after each test. */
class InvoiceLifecycleServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);

    private final InMemoryBooks books = new InMemoryBooks();
    private final InvoiceLifecycleService service = books.invoiceLifecycle();

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private CollectionDocument created(InvoiceFixture request) {
        CreateResult result = service.create(request.create());
        assertThat(result).isInstanceOf(CreateResult.Created.class);
        books.clock().advance(Duration.ofMinutes(1));
        return ((CreateResult.Created) result).invoice().document();
    }

    private InvoiceView updated(UpdateInvoice command) {
        UpdateResult result = service.update(command);
        assertThat(result).isInstanceOf(UpdateResult.Updated.class);
        return ((UpdateResult.Updated) result).invoice();
    }

    @Test
    void givenANewInvoice_whenCreated_thenItOwesItsAmountHasACheckoutAndIsAnnouncedOnce() {
        CreateResult result = service.create(invoice(SCOPE).withProviderId("INV-1").create());

        InvoiceView view = ((CreateResult.Created) result).invoice();
        CollectionDocument document = books.document(view.document());
        assertThat(document.status()).isEqualTo(DocumentStatus.CREATED);
        assertThat(document.channel()).isEqualTo(Channel.PUBLIC_INVOICE);
        assertThat(document.externalDocumentId()).isEqualTo("INV-1");
        assertThat(document.reference()).hasValue("V-12.345.678");
        assertThat(document.balance()).isEqualTo(usd(100_00));
        assertThat(books.receivable(document)).isEqualTo(usd(100_00));
        assertThat(books.ledger().transfers(TransferKind.DOCUMENT_ISSUED)).hasSize(1);
        assertThat(view.checkout()).hasValueSatisfying(checkout -> {
            assertThat(checkout.amount()).isEqualTo(usd(100_00));
            assertThat(checkout.isPending()).isTrue();
        });
        PublicInvoice announced = books.outbox().onlyInvoice(DocumentBook.INVOICE_CREATED);
        assertThat(announced.provider_id()).isEqualTo("INV-1");
        assertThat(announced.reference()).isEqualTo("V-12.345.678");
        assertThat(announced.metadata()).isEqualTo(new JsonText("{\"order\":7}"));
        assertThat(books.customers().all()).singleElement()
                .satisfies(customer -> assertThat(customer.taxIdentity()).hasValue("V12345678"));
    }

    @Test
    void givenNoProviderId_whenCreated_thenTheIdempotencyKeyIsTheDocumentsIdentity() {
        CollectionDocument document = created(invoice(SCOPE));

        assertThat(document.externalDocumentId()).isEqualTo(CollectionDocument.IDEMPOTENCY_IDENTITY_PREFIX + "idem-1");
        assertThat(document.providerId()).isEmpty();
    }

    @Test
    void givenAnInvoiceOfATaxpayer_whenAnotherNamesItSpelledOtherwise_thenBothBelongToOneCustomer() {
        CollectionDocument first = created(invoice(SCOPE).withProviderId("INV-1"));
        CollectionDocument second = created(invoice(SCOPE).withProviderId("INV-2").withReference("v 12345678"));

        assertThat(second.customerId()).isEqualTo(first.customerId());
        assertThat(books.customers().all()).hasSize(1);
    }

    @Test
    void givenAProviderIdInUse_whenCreatedAgain_thenDuplicateAndNothingOfTheSecondIsKept() {
        created(invoice(SCOPE).withProviderId("INV-1"));

        CreateResult again = service.create(invoice(SCOPE).withProviderId("INV-1").withReference("J-98765432").create());

        assertThat(again).isEqualTo(new CreateResult.DuplicateDocument());
        assertThat(books.customers().all()).hasSize(1);
        assertThat(books.documents().all()).hasSize(1);
        assertThat(books.ledger().transfers()).hasSize(1);
        assertThat(books.outbox().events()).hasSize(1);
    }

    @Test
    void givenAnOpenInvoice_whenItsAmountRises_thenAdjustedAndANewCheckoutReplacesTheOld() {
        CollectionDocument document = created(invoice(SCOPE).withProviderId("INV-1"));
        Checkout former = books.checkouts().current(SCOPE, document.id()).orElseThrow();

        InvoiceView view = updated(invoice(SCOPE).withProviderId("INV-1").withAmount(usd(150_00)).replacing(document.id()));

        assertThat(view.document().total()).isEqualTo(usd(150_00));
        assertThat(books.document(document).balance()).isEqualTo(usd(150_00));
        assertThat(books.receivable(document)).isEqualTo(usd(150_00));
        assertThat(books.ledger().transfers(TransferKind.DOCUMENT_ADJUSTED)).hasSize(1);
        assertThat(books.checkouts().of(document.id())).extracting(Checkout::id, Checkout::status).containsExactly(
                tuple(former.id(), CheckoutStatus.CANCELED), tuple(view.checkout().orElseThrow().id(), CheckoutStatus.PENDING));
        assertThat(view.checkout().orElseThrow().amount()).isEqualTo(usd(150_00));
        assertThat(books.outbox().events()).hasSize(1);
    }

    @Test
    void givenAnOpenInvoice_whenItsAmountFalls_thenTheReceivableFallsWithIt() {
        CollectionDocument document = created(invoice(SCOPE));

        updated(invoice(SCOPE).withAmount(usd(80_00)).replacing(document.id()));

        assertThat(books.receivable(document)).isEqualTo(usd(80_00));
        assertThat(books.document(document).total()).isEqualTo(usd(80_00));
    }

    @Test
    void givenTheSameAmount_whenReplaced_thenOnlyTheDataChangesAndTheCheckoutFollowsIt() {
        CollectionDocument document = created(invoice(SCOPE));
        Checkout former = books.checkouts().current(SCOPE, document.id()).orElseThrow();
        DocumentDetails renamed = new DocumentDetails("Factura corregida", Optional.of("Servicio de agua"), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

        InvoiceView view = updated(invoice(SCOPE).withDetails(renamed).replacing(document.id()));

        assertThat(view.document().details().name()).isEqualTo("Factura corregida");
        assertThat(view.document().details().email()).as("an absent e-mail keeps the stored one")
                .isEqualTo(document.details().email());
        assertThat(view.document().version()).isEqualTo(document.version() + 1);
        assertThat(view.checkout()).hasValueSatisfying(checkout -> {
            assertThat(checkout.id()).isEqualTo(former.id());
            assertThat(checkout.title()).isEqualTo("Factura corregida");
            assertThat(checkout.description()).isEqualTo("Servicio de agua");
            assertThat(checkout.isPending()).isTrue();
        });
        assertThat(books.ledger().transfers()).hasSize(1);
    }

    @Test
    void givenReplacementsTheInvoiceCannotTake_whenSent_thenRejectedAndNothingChanges() {
        CollectionDocument document = created(invoice(SCOPE).withProviderId("INV-1"));

        assertRejected(invoice(SCOPE).withProviderId("INV-1").expectingVersion(7).replacing(document.id()),
                UpdateRejection.VERSION_CONFLICT);
        assertRejected(invoice(SCOPE).withProviderId("INV-2").replacing(document.id()), UpdateRejection.PROVIDER_ID_IMMUTABLE);
        assertRejected(invoice(SCOPE).withReference("J-98765432").replacing(document.id()),
                UpdateRejection.REFERENCE_IDENTITY_CHANGED);
        assertRejected(invoice(SCOPE).withAmount(ves(100_00)).replacing(document.id()), UpdateRejection.CURRENCY_CHANGED);
        assertThat(service.update(invoice(SCOPE).from("crm").replacing(document.id()))).isEqualTo(new UpdateResult.NotFound());
        assertThat(service.update(invoice(new TenantScope(SCOPE.companyId(), KeyEnvironment.TEST)).replacing(document.id())))
                .isEqualTo(new UpdateResult.NotFound());
        assertThat(books.document(document)).isEqualTo(document);
    }

    @Test
    void givenMoneyApplied_whenTheAmountChanges_thenPaymentsAppliedAndTheLedgerIsKept() {
        CollectionDocument document = books.givenPaid(created(invoice(SCOPE)), usd(30_00));

        assertRejected(invoice(SCOPE).withAmount(usd(120_00)).replacing(document.id()), UpdateRejection.PAYMENTS_APPLIED);
        assertThat(books.document(document)).isEqualTo(document);
    }

    @Test
    void givenAnInvoiceWithLines_whenOnlyAnAmountWouldChangeItsTotal_thenRefusedButTheSameTotalIsAccepted() {
        CollectionDocument document = created(invoice(SCOPE));
        books.documents().replaceLines(SCOPE, document.id(), List.of(line(2, 50_00)));

        assertRejected(invoice(SCOPE).withAmount(usd(90_00)).replacing(document.id()), UpdateRejection.TOTAL_FOLLOWS_LINES);
        assertThat(updated(invoice(SCOPE).withDetails(details("Otra")).replacing(document.id())).document().total())
                .isEqualTo(usd(100_00));
    }

    private void assertRejected(UpdateInvoice command, UpdateRejection reason) {
        int transfers = books.ledger().transfers().size();

        assertThat(service.update(command)).isEqualTo(new UpdateResult.Rejected(reason));

        assertThat(books.ledger().transfers()).hasSize(transfers);
    }
}
