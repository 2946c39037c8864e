package dev.recaudo.application.integration;

import static dev.recaudo.application.fixtures.Amounts.usd;
import static dev.recaudo.application.fixtures.DocumentFixture.details;
import static dev.recaudo.application.fixtures.DocumentFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.customer.UpsertCustomerService;
import dev.recaudo.application.customer.UpsertCustomerUseCase;
import dev.recaudo.application.fakes.InMemoryBooks;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.CancelResult;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.DocumentView;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.Rejection;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertDocument;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertResult;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.document.Channel;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A partner's documents synchronized by their external ids, in memory; the books balance after each test. */
class CollectionDocumentsServiceTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Instant SIGNED = InMemoryBooks.START;
    private static final List<DocumentLine> LINES = List.of(line(2, 30_00), line(1, 15_50), line(3, 33_33));

    private final InMemoryBooks books = new InMemoryBooks();
    private final CollectionDocumentsService service = new CollectionDocumentsService(books.documents(), books.customers(),
            new UpsertCustomerService(books.customers(), books.upsertOrder(), books.transactions(), books.clock()),
            books.upsertOrder(), books.dossiers(), books.book(),
            books.transactions(), books.clock());

    @AfterEach
    void theBooksBalance() {
        books.assertBalanced();
    }

    private static CustomerProfile customer(Optional<String> taxId) {
        return customer("Ferretería El Clavo", taxId);
    }

    private static CustomerProfile customer(String name, Optional<String> taxId) {
        return new CustomerProfile(Optional.empty(), name, Optional.empty(), Optional.empty(), taxId, Optional.empty());
    }

    private static UpsertDocument upsert(CurrencyCode currency, List<DocumentLine> lines, DocumentDetails details) {
        return new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", customer(Optional.of("J-30123456")), currency, lines, details,
                Optional.empty(), SIGNED);
    }

    private static UpsertDocument upsert(List<DocumentLine> lines) {
        return upsert(CurrencyCode.USD, lines, details("Factura DC-1"));
    }

    private DocumentView created() {
        UpsertResult result = service.upsert(upsert(LINES));
        assertThat(result).isInstanceOf(UpsertResult.Created.class);
        books.clock().advance(Duration.ofMinutes(1));
        return ((UpsertResult.Created) result).document();
    }

    @Test
    void givenANewDocument_whenUpserted_thenItOwesTheSumOfItsLinesAndIsAnnouncedOnce() {
        DocumentView view = created();

        CollectionDocument document = view.document();
        assertThat(document.total()).isEqualTo(usd(2 * 30_00 + 15_50 + 3 * 33_33));
        assertThat(document.balance()).isEqualTo(document.total());
        assertThat(document.channel()).isEqualTo(Channel.INTEGRATION);
        assertThat(document.customerExternalId()).hasValue("C-1");
        assertThat(document.reference()).hasValue("J-30123456");
        assertThat(view.lines()).isEqualTo(LINES);
        assertThat(view.customer().profile().name()).isEqualTo("Ferretería El Clavo");
        assertThat(books.customers().findLink(SCOPE, "erp", "C-1")).isPresent();
        assertThat(books.checkouts().current(SCOPE, document.id()).orElseThrow().amount()).isEqualTo(document.total());
        assertThat(books.outbox().onlyInvoice(DocumentBook.INVOICE_CREATED).provider()).isEqualTo("erp");
    }

    @Test
    void givenTheSameLinesAndData_whenUpsertedAgain_thenUnchangedAndNothingIsWritten() {
        DocumentView first = created();
        int writes = books.documents().writes();

        UpsertResult again = service.upsert(upsert(LINES));

        assertThat(again).isEqualTo(new UpsertResult.Unchanged(first));
        assertThat(books.documents().writes()).isEqualTo(writes);
        assertThat(books.ledger().transfers()).hasSize(1);
    }

    @Test
    void givenNewLines_whenUpserted_thenTheTotalFollowsThemAndTheLedgerIsAdjusted() {
        CollectionDocument document = created().document();
        List<DocumentLine> fewer = List.of(line(1, 30_00));

        UpsertResult result = service.upsert(upsert(fewer));

        assertThat(result).isInstanceOf(UpsertResult.Updated.class);
        assertThat(((UpsertResult.Updated) result).document().lines()).isEqualTo(fewer);
        assertThat(books.document(document).total()).isEqualTo(usd(30_00));
        assertThat(books.receivable(document)).isEqualTo(usd(30_00));
        assertThat(books.ledger().transfers(TransferKind.DOCUMENT_ADJUSTED)).hasSize(1);
        assertThat(books.checkouts().current(SCOPE, document.id()).orElseThrow().amount()).isEqualTo(usd(30_00));
    }

    @Test
    void givenNewDataWithTheSameLines_whenUpserted_thenOnlyTheDataChanges() {
        CollectionDocument document = created().document();

        UpsertResult result = service.upsert(upsert(CurrencyCode.USD, LINES, details("Factura DC-1 corregida")));

        assertThat(result).isInstanceOf(UpsertResult.Updated.class);
        assertThat(books.document(document).details().name()).isEqualTo("Factura DC-1 corregida");
        assertThat(books.document(document).total()).isEqualTo(document.total());
        assertThat(books.ledger().transfers()).hasSize(1);
    }

    @Test
    void givenADocumentCreatedWithMetadata_whenALaterUpsertSendsOther_thenTheMetadataOfTheCreationStays() {
        UpsertDocument withMetadata = new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", customer(Optional.of("J-30123456")),
                CurrencyCode.USD, LINES, details("Factura DC-1"), Optional.of("{\"order\":1}"), SIGNED);
        service.upsert(withMetadata);

        UpsertResult later = service.upsert(new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", withMetadata.customer(),
                CurrencyCode.USD, List.of(line(1, 5_00)), details("Factura DC-1"), Optional.of("{\"order\":2}"), SIGNED));

        assertThat(later).isInstanceOf(UpsertResult.Updated.class);
        assertThat(((UpsertResult.Updated) later).document().document().metadataJson()).hasValue("{\"order\":1}");
    }

    @Test
    void givenANewDocumentInACurrencyNoPaymentCanSettle_whenUpserted_thenRefusedAndNeitherItNorItsCustomerIsKept() {
        UpsertResult result = service.upsert(upsert(CurrencyCode.COP, LINES, details("Factura DC-1")));

        assertThat(result).isEqualTo(new UpsertResult.Rejected(Rejection.CURRENCY_NOT_SETTLEABLE));
        assertThat(books.documents().all()).isEmpty();
        assertThat(books.customers().all()).isEmpty();
        assertThat(books.transactions().rollbacks()).isEqualTo(1);
    }

    @Test
    void givenAnExistingDocument_whenAnUpsertWouldChangeWhoOrWhatCurrencyItBills_thenRefused() {
        CollectionDocument document = created().document();

        UpsertDocument anotherTaxpayer = new UpsertDocument(SCOPE, "erp", "DC-1", "C-2", customer(Optional.of("J-77777777")),
                CurrencyCode.USD, LINES, details("Factura DC-1"), Optional.empty(), SIGNED);

        assertThat(service.upsert(anotherTaxpayer)).isEqualTo(new UpsertResult.Rejected(Rejection.CUSTOMER_CHANGED));
        assertThat(service.upsert(upsert(CurrencyCode.VES, LINES, details("Factura DC-1"))))
                .isEqualTo(new UpsertResult.Rejected(Rejection.CURRENCY_CHANGED));
        assertThat(books.document(document)).isEqualTo(document);
        assertThat(books.customers().findLink(SCOPE, "erp", "C-2")).as("the new customer rolled back").isEmpty();
    }

    @Test
    void givenACustomerWithATaxIdentity_whenAnUpsertNamesAnotherOrOneTaken_thenRefused() {
        created();
        UpsertDocument otherIdentity = new UpsertDocument(SCOPE, "erp", "DC-2", "C-1", customer(Optional.of("J-99999999")),
                CurrencyCode.USD, LINES, details("Factura DC-2"), Optional.empty(), SIGNED);
        service.upsert(new UpsertDocument(SCOPE, "erp", "DC-3", "C-3", customer(Optional.empty()), CurrencyCode.USD, LINES,
                details("Factura DC-3"), Optional.empty(), SIGNED));
        UpsertDocument takenIdentity = new UpsertDocument(SCOPE, "erp", "DC-3", "C-3", customer(Optional.of("J-30123456")),
                CurrencyCode.USD, LINES, details("Factura DC-3"), Optional.empty(), SIGNED);

        assertThat(service.upsert(otherIdentity)).isEqualTo(new UpsertResult.Rejected(Rejection.TAX_IDENTITY_CHANGED));
        assertThat(service.upsert(takenIdentity)).isEqualTo(new UpsertResult.Rejected(Rejection.TAX_IDENTITY_TAKEN));
        assertThat(books.documents().all()).hasSize(2);
    }

    @Test
    void givenMoneyApplied_whenTheLinesChange_thenRefusedByWhatWasPaid() {
        CollectionDocument partPaid = books.givenPaid(created().document(), usd(10_00));
        assertThat(service.upsert(upsert(List.of(line(1, 500_00))))).isEqualTo(new UpsertResult.Rejected(Rejection.PAYMENTS_APPLIED));
        assertThat(books.document(partPaid)).isEqualTo(partPaid);

        CollectionDocument paid = books.givenPaid(partPaid, partPaid.balance());
        assertThat(paid.status()).isEqualTo(DocumentStatus.PAID);
        assertThat(service.upsert(upsert(List.of(line(1, 500_00)))))
                .isEqualTo(new UpsertResult.Rejected(Rejection.SETTLED_AMOUNT_DIFFERS));
        assertThat(service.cancel(SCOPE, "erp", "DC-1")).isEqualTo(new CancelResult.Rejected(Rejection.MONEY_APPLIED));
    }

    @Test
    void givenAnOpenDocument_whenCanceled_thenAnnulledOnceAndItsStatusForbidsNewLines() {
        CollectionDocument document = created().document();

        CancelResult canceled = service.cancel(SCOPE, "erp", "DC-1");
        CancelResult again = service.cancel(SCOPE, "erp", "DC-1");

        assertThat(canceled).isInstanceOf(CancelResult.Canceled.class);
        assertThat(again).isEqualTo(canceled);
        assertThat(books.document(document).status()).isEqualTo(DocumentStatus.DELETE_FROM_PROVIDER);
        assertThat(books.receivable(document).isZero()).isTrue();
        assertThat(books.outbox().ofType(DocumentBook.INVOICE_CANCELED)).hasSize(1);
        assertThat(service.upsert(upsert(List.of(line(1, 1_00))))).isEqualTo(new UpsertResult.Rejected(Rejection.STATUS_FORBIDS));
        assertThat(service.cancel(SCOPE, "erp", "DC-404")).isEqualTo(new CancelResult.NotFound());
        assertThat(service.cancel(SCOPE, "crm", "DC-1")).isEqualTo(new CancelResult.NotFound());
    }
    @Test
    void givenAnUpsertApplied_whenAnUpsertOfTheDocumentSignedEarlierComes_thenStaleAndNothingChanges() {
        CollectionDocument document = created().document();
        UpsertDocument newer = new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", customer(Optional.of("J-30123456")),
                CurrencyCode.USD, List.of(line(1, 250_00)), details("Factura DC-1"), Optional.empty(), SIGNED.plusSeconds(10));
        assertThat(service.upsert(newer)).isInstanceOf(UpsertResult.Updated.class);
        CollectionDocument afterNewer = books.document(document);
        int transfers = books.ledger().transfers().size();

        UpsertDocument older = new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", customer("Older", Optional.of("J-30123456")),
                CurrencyCode.USD, LINES, details("Factura DC-1"), Optional.empty(), SIGNED.plusSeconds(9));

        assertThat(service.upsert(older)).isEqualTo(new UpsertResult.Rejected(Rejection.STALE));
        assertThat(books.document(document)).isEqualTo(afterNewer);
        assertThat(afterNewer.total()).isEqualTo(usd(250_00));
        assertThat(books.ledger().transfers()).hasSize(transfers);
        assertThat(books.customers().findLink(SCOPE, "erp", "C-1").orElseThrow().profile().name()).isEqualTo("Ferretería El Clavo");
        assertThat(service.upsert(new UpsertDocument(SCOPE, "erp", "DC-1", "C-1", customer(Optional.of("J-30123456")),
                CurrencyCode.USD, LINES, details("Factura DC-1"), Optional.empty(), SIGNED.plusSeconds(10))))
                .as("signed in the same second as the newest").isInstanceOf(UpsertResult.Updated.class);
    }

    @Test
    void givenTheCustomerUpsertedLater_whenADocumentUpsertSignedEarlierNamesOlderCustomerData_thenTheDocumentIsWrittenAndTheCustomerKeepsItsData() {
        created();
        CustomerProfile newerProfile = customer("Ferretería El Clavo C.A.", Optional.of("J-30123456"));
        assertThat(customerUpserts().upsert(SCOPE, "erp", "C-1", newerProfile, SIGNED.plusSeconds(20)))
                .isInstanceOf(UpsertCustomerUseCase.UpsertResult.Updated.class);

        UpsertDocument second = new UpsertDocument(SCOPE, "erp", "DC-2", "C-1", customer(Optional.of("J-30123456")),
                CurrencyCode.USD, LINES, details("Factura DC-2"), Optional.empty(), SIGNED.plusSeconds(19));

        UpsertResult result = service.upsert(second);
        assertThat(result).isInstanceOf(UpsertResult.Created.class);
        assertThat(((UpsertResult.Created) result).document().customer().profile()).isEqualTo(newerProfile);
        assertThat(books.customers().findLink(SCOPE, "erp", "C-1").orElseThrow().profile()).isEqualTo(newerProfile);
    }

    private UpsertCustomerUseCase customerUpserts() {
        return new UpsertCustomerService(books.customers(), books.upsertOrder(), books.transactions(), books.clock());
    }
}
