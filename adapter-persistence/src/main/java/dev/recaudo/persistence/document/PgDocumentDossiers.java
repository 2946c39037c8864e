package dev.recaudo.persistence.document;

import dev.recaudo.application.integration.DocumentDossiers;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.payment.PaymentRepository.AppliedPayment;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.QueryBatch;
import dev.recaudo.persistence.common.QueryBatch.Answer;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.customer.CustomerRows;
import dev.recaudo.persistence.payment.PgPaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * A document's view in one round trip: the statements of its table's owners (the document, its
 * lines, the payments applied, its partner's links and its customer), each selecting by the same
 * condition on the document, sent together. A page's documents, already read, take one more, with
 * each document's parts selected by its id.
 */
@ApplicationScoped
@StoreFailures
public class PgDocumentDossiers implements DocumentDossiers {

    @Inject
    NativeSql nativeSql;

    @Override
    public Optional<Dossier> byExternalId(TenantScope scope, String source, String externalDocumentId) {
        return read(DocumentSelection.byExternalId(scope, source, externalDocumentId));
    }

    @Override
    public Optional<Dossier> byId(TenantScope scope, DocumentId id) {
        return read(DocumentSelection.byId(scope, id));
    }

    @Override
    public List<Dossier> of(TenantScope scope, List<CollectionDocument> documents) {
        if (documents.isEmpty()) {
            return List.of();
        }
        // Each document's parts by its id: statements PostgreSQL plans once per connection and keeps,
        // where one statement for the whole page (an array of ids) was planned anew on every call.
        QueryBatch batch = new QueryBatch();
        List<Parts> parts = documents.stream().map(document -> Parts.of(batch, DocumentSelection.byId(scope, document.id())))
                .toList();
        nativeSql.queryTogether(batch);
        return IntStream.range(0, documents.size()).mapToObj(i -> parts.get(i).dossier(documents.get(i))).toList();
    }

    private Optional<Dossier> read(DocumentSelection selection) {
        QueryBatch batch = new QueryBatch();
        Answer<CollectionDocument> found = batch.add(selection.rows(DocumentRows.COLUMNS), DocumentRows::document);
        Parts parts = Parts.of(batch, selection);
        nativeSql.queryTogether(batch);
        return found.rows().stream().findFirst().map(parts::dossier);
    }

    /** The statements of one document's parts in a batch, and its dossier once the batch has run. */
    private record Parts(
            Answer<DocumentLine> lines,
            Answer<AppliedPayment> applications,
            Answer<CustomerLink> namedLinks,
            Answer<CustomerLink> firstLinks,
            Answer<Customer> customers) {

        static Parts of(QueryBatch batch, DocumentSelection selection) {
            return new Parts(
                    batch.add(DocumentLineRows.linesOf(selection.ids()), DocumentLineRows::line),
                    batch.add(PgPaymentRepository.applicationsOf(selection.ids()), PgPaymentRepository::applied),
                    batch.add(CustomerRows.namedLinkOf(selection.ids()), CustomerRows::documentLink),
                    batch.add(CustomerRows.firstLinkOf(selection.ids()), CustomerRows::documentLink),
                    batch.add(CustomerRows.customersOf(selection.ids()), CustomerRows::customer));
        }

        /** The document's dossier, once the batch has run. */
        Dossier dossier(CollectionDocument document) {
            Customer customer = customers.rows().stream().findFirst()
                    .orElseThrow(() -> new IllegalStateException("document " + document.id() + " has no customer row"));
            return new Dossier(document, lines.rows(), applications.rows(), namedLinks.rows().stream().findFirst(),
                    firstLinks.rows().stream().findFirst(), customer);
        }
    }
}
