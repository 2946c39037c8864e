package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StatementRecorder;
import dev.recaudo.rest.common.RequestIds;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.hibernate.SessionFactory;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

/**
 * The documents' repository against PostgreSQL: the entity mapping matches the migrated schema,
 * a document's lines go in one statement, and the locks hold when two transactions race for the same rows.
 */
@QuarkusTest
class DocumentPersistenceTest {

    @Inject
    CollectionDocumentRepository documents;

    @Inject
    Transactions transactions;

    @Inject
    SessionFactory sessionFactory;

    @Inject
    StatementRecorder recorder;

    /** Runs {@code work} under a request id of its own, which the recorder keeps its statements by. */
    private static String inRequest(Runnable work) {
        String requestId = "lines-" + UUID.randomUUID();
        MDC.put(RequestIds.MDC_KEY, requestId);
        try {
            work.run();
        } finally {
            MDC.remove(RequestIds.MDC_KEY);
        }
        return requestId;
    }

    @Test
    void givenTheMigratedSchema_whenTheMappingIsValidated_thenEveryEntityMatchesItsTable() {
        sessionFactory.getSchemaManager().validateMappedObjects();
    }

    @Test
    void givenFiveHundredLines_whenReplaced_thenTheyAreWrittenInOneStatementAndReadInOne() {
        Stored stored = Stored.create();
        List<DocumentLine> lines = IntStream.range(0, 500)
                .mapToObj(i -> new DocumentLine(i + 1, 10, (i + 1) * 10L, Optional.of("line " + i), Optional.empty(),
                        Optional.of(Instant.parse("2026-11-01T00:00:00Z").plusSeconds(i))))
                .toList();

        List<StatementRecorder.Statement> written = recorder.record(() -> inRequest(() -> transactions.inTransaction(() -> {
            documents.replaceLines(stored.scope(), stored.id(), lines);
            return null;
        })));

        assertThat(written).as("the old lines' delete and one insert of all the new ones").hasSize(2);
        assertThat(Sql.count("SELECT count(*) FROM document_lines WHERE document_id = ?", stored.id().value())).isEqualTo(500);

        List<DocumentLine> read = new ArrayList<>();
        List<StatementRecorder.Statement> reads = recorder.record(() -> inRequest(
                () -> read.addAll(transactions.inTransaction(() -> documents.lines(stored.scope(), stored.id())))));
        assertThat(read).containsExactlyElementsOf(lines);
        assertThat(reads).hasSize(1);

        List<DocumentLine> replaced = lines.subList(0, 3);
        transactions.inTransaction(() -> {
            documents.lines(stored.scope(), stored.id());
            documents.replaceLines(stored.scope(), stored.id(), replaced);
            documents.replaceLines(stored.scope(), stored.id(), replaced);
            return null;
        });
        assertThat(transactions.inTransaction(() -> documents.lines(stored.scope(), stored.id()))).isEqualTo(replaced);
    }

    @Test
    void givenAnotherTenantsScope_whenReadLockedClaimedOrWritten_thenNothingIsFoundAndNothingChanges() {
        Stored stored = Stored.create();
        TenantScope otherCompany = new TenantScope(new CompanyId(UUID.randomUUID()), KeyEnvironment.TEST);
        TenantScope otherEnvironment = new TenantScope(stored.scope().companyId(),
                stored.scope().isTest() ? KeyEnvironment.LIVE : KeyEnvironment.TEST);

        CollectionDocument own = transactions.inTransaction(() -> documents.find(stored.scope(), stored.id())).orElseThrow();
        List<DocumentLine> ownLines = transactions.inTransaction(() -> documents.lines(stored.scope(), stored.id()));
        List<DocumentLine> foreignLines = List.of(new DocumentLine(1, 1, 1, Optional.empty(), Optional.empty(),
                Optional.empty()));

        for (TenantScope scope : List.of(otherCompany, otherEnvironment)) {
            assertThat(transactions.inTransaction(() -> documents.find(scope, stored.id()))).isEmpty();
            assertThat(transactions.inTransaction(() -> documents.findByExternalId(scope, own.source(),
                    own.externalDocumentId()))).isEmpty();
            assertThat(transactions.inTransaction(() -> documents.lock(scope, stored.id()))).isEmpty();
            assertThat(transactions.inTransaction(() -> documents.lines(scope, stored.id()))).isEmpty();
            assertThat(transactions.inTransaction(() -> documents.lockPendingBatch(scope, own.source(), 10))).isEmpty();
            assertThatThrownBy(() -> transactions.inTransaction(() -> {
                documents.replaceLines(scope, stored.id(), foreignLines);
                return null;
            })).isInstanceOf(IllegalStateException.class);
            CollectionDocument moved = new CollectionDocument(own.id(), scope, own.source(), own.externalDocumentId(),
                    own.providerId(), own.customerId(), own.customerExternalId(), own.channel(), own.reference(),
                    own.details(), own.metadataJson(), own.remarks(), own.total(), own.applied(), own.balance(),
                    own.status(), own.version() + 1, own.createdAt(), own.updatedAt());
            assertThatThrownBy(() -> transactions.inTransaction(() -> {
                documents.update(moved);
                return null;
            })).isInstanceOf(IllegalStateException.class);
        }
        assertThat(transactions.inTransaction(() -> documents.find(stored.scope(), stored.id()))).contains(own);
        assertThat(transactions.inTransaction(() -> documents.lines(stored.scope(), stored.id()))).isEqualTo(ownLines);
    }

    @Test
    void givenAnUnlockedRead_whenAnotherTransactionChangesTheDocument_thenALaterLockReadsTheNewRow() throws Exception {
        Stored stored = Stored.create();
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch changed = new CountDownLatch(1);

        CompletableFuture<CollectionDocument> reader = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            documents.find(stored.scope(), stored.id()).orElseThrow();
            read.countDown();
            await(changed);
            return documents.lock(stored.scope(), stored.id()).orElseThrow();
        }));
        await(read);
        rename(stored, "changed");
        changed.countDown();

        CollectionDocument seen = reader.get(30, TimeUnit.SECONDS);
        assertThat(seen.details().name()).isEqualTo("changed");
    }

    @Test
    void givenAStoredDocument_whenLockedAndWhenRead_thenBothGiveTheSameRecord() {
        Stored stored = Stored.create();

        CollectionDocument locked = transactions.inTransaction(() -> documents.lock(stored.scope(), stored.id())).orElseThrow();
        CollectionDocument claimed = transactions.inTransaction(
                () -> documents.lockPendingBatch(stored.scope(), locked.source(), 1_000)).stream()
                .filter(document -> document.id().equals(stored.id())).findFirst().orElseThrow();
        CollectionDocument read = transactions.inTransaction(() -> documents.find(stored.scope(), stored.id())).orElseThrow();

        assertThat(locked).as("the native row mapping and the entity's agree on every column").isEqualTo(read);
        assertThat(claimed).isEqualTo(read);
    }

    @Test
    void givenARead_whenTheSameTransactionChangesTheDocument_thenTheNextReadSeesTheChange() {
        Stored stored = Stored.create();

        CollectionDocument reread = transactions.inTransaction(() -> {
            documents.find(stored.scope(), stored.id()).orElseThrow();
            documents.update(named(documents.lock(stored.scope(), stored.id()).orElseThrow(), "changed"));
            return documents.find(stored.scope(), stored.id()).orElseThrow();
        });

        assertThat(reread.details().name()).as("the session kept no copy of the first read").isEqualTo("changed");
    }

    @Test
    void givenTwoTransactionsRacingForOneDocument_whenBothLockIt_thenTheSecondWaitsAndSeesTheFirstsWrite() throws Exception {
        Stored stored = Stored.create();
        long version = transactions.inTransaction(() -> documents.find(stored.scope(), stored.id())).orElseThrow().version();
        CountDownLatch locked = new CountDownLatch(1);

        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
            CollectionDocument document = documents.lock(stored.scope(), stored.id()).orElseThrow();
            locked.countDown();
            pause(400);
            documents.update(named(document, "first"));
            return null;
        }));
        await(locked);
        long started = System.nanoTime();
        CollectionDocument second = transactions.inTransaction(() -> documents.lock(stored.scope(), stored.id()))
                .orElseThrow();
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        first.get(30, TimeUnit.SECONDS);

        assertThat(waitedMillis).as("the second lock waits for the first transaction").isGreaterThanOrEqualTo(200);
        assertThat(second.details().name()).isEqualTo("first");
        assertThat(second.version()).isEqualTo(version + 1);
    }

    @Test
    void givenPendingDocumentsOneTransactionHolds_whenAnotherClaimsABatch_thenItSkipsTheHeldOnes() throws Exception {
        Partner partner = Partner.create();
        List<String> externals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String external = Partner.unique("PB");
            partner.createDocument(external, Partner.unique("C"), "USD", 500);
            externals.add(external);
        }
        Stored any = Stored.of(externals.get(0));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);

        CompletableFuture<List<CollectionDocument>> holder = CompletableFuture.supplyAsync(
                () -> transactions.inTransaction(() -> {
                    List<CollectionDocument> batch = documents.lockPendingBatch(any.scope(), "acme-erp", 2);
                    held.countDown();
                    await(done);
                    return batch;
                }));
        await(held);
        List<CollectionDocument> rest = transactions.inTransaction(
                () -> documents.lockPendingBatch(any.scope(), "acme-erp", 10));
        done.countDown();

        assertThat(holder.get(30, TimeUnit.SECONDS)).extracting(CollectionDocument::externalDocumentId)
                .containsExactlyElementsOf(externals.subList(0, 2));
        assertThat(rest).extracting(CollectionDocument::externalDocumentId).containsExactly(externals.get(2));
    }

    private void rename(Stored stored, String name) {
        transactions.inTransaction(() -> {
            documents.update(named(documents.lock(stored.scope(), stored.id()).orElseThrow(), name));
            return null;
        });
    }

    private static CollectionDocument named(CollectionDocument document, String name) {
        DocumentDetails details = document.details();
        return document.withDetails(document.reference(), new DocumentDetails(name, details.description(),
                details.phone(), details.email(), details.invoiceNumber(), details.issueDate(), details.dueAt()),
                Instant.now());
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A document created through the integrations API, with its scope and id as stored. */
    record Stored(TenantScope scope, DocumentId id) {
        static Stored create() {
            String external = Partner.unique("PT");
            Partner.create().createDocument(external, Partner.unique("C"), "USD", 1_000);
            return of(external);
        }

        static Stored of(String external) {
            UUID id = UUID.fromString(Sql.text("SELECT id::text FROM collection_documents WHERE external_document_id = ?",
                    external));
            UUID company = UUID.fromString(Sql.text("SELECT company_id::text FROM collection_documents WHERE id = ?", id));
            boolean test = Sql.count("SELECT count(*) FROM collection_documents WHERE id = ? AND is_test", id) == 1;
            return new Stored(new TenantScope(new CompanyId(company), test ? KeyEnvironment.TEST : KeyEnvironment.LIVE),
                    new DocumentId(id));
        }
    }
}
