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
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A document's view in one round trip: the statements of its table's owners (the document, its
 * lines, the payments applied, its partner's links and its customer), each selecting by the same
 * condition on the document, sent together. A page's documents, already read, take one more.
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
        QueryBatch batch = new QueryBatch();
        Parts parts = Parts.of(batch, DocumentSelection.byIds(scope, documents.stream().map(d -> d.id().value()).toList()));
        nativeSql.queryTogether(batch);
        return documents.stream().map(parts.assembled()).toList();
    }

    private Optional<Dossier> read(DocumentSelection selection) {
        QueryBatch batch = new QueryBatch();
        Answer<CollectionDocument> found = batch.add(selection.rows(DocumentRows.COLUMNS), DocumentRows::document);
        Parts parts = Parts.of(batch, selection);
        nativeSql.queryTogether(batch);
        return found.rows().stream().findFirst().map(parts.assembled());
    }

    /** The parts' statements of one batch, and the dossier of a document once it has run. */
    private record Parts(
            Answer<Map.Entry<UUID, DocumentLine>> lines,
            Answer<Map.Entry<UUID, AppliedPayment>> applications,
            Answer<Map.Entry<UUID, CustomerLink>> namedLinks,
            Answer<Map.Entry<UUID, CustomerLink>> firstLinks,
            Answer<Customer> customers) {

        static Parts of(QueryBatch batch, DocumentSelection selection) {
            return new Parts(
                    batch.add(DocumentLineRows.linesOf(selection.ids()), DocumentLineRows::line),
                    batch.add(PgPaymentRepository.applicationsOf(selection.ids()), PgPaymentRepository::applied),
                    batch.add(CustomerRows.namedLinksOf(selection.ids()), CustomerRows::documentLink),
                    batch.add(CustomerRows.firstLinksOf(selection.ids()), CustomerRows::documentLink),
                    batch.add(CustomerRows.customersOf(selection.ids()), CustomerRows::customer));
        }

        /** The dossier of each document, from the answers the batch brought (each grouped once). */
        Function<CollectionDocument, Dossier> assembled() {
            Map<UUID, List<DocumentLine>> linesOf = grouped(lines);
            Map<UUID, List<AppliedPayment>> applicationsOf = grouped(applications);
            Map<UUID, List<CustomerLink>> namedLinkOf = grouped(namedLinks);
            Map<UUID, List<CustomerLink>> firstLinkOf = grouped(firstLinks);
            Map<UUID, Customer> customerOf = customers.rows().stream().collect(Collectors.toMap(Customer::id, c -> c));
            return document -> {
                UUID id = document.id().value();
                Customer customer = Optional.ofNullable(customerOf.get(document.customerId()))
                        .orElseThrow(() -> new IllegalStateException("document " + id + " has no customer row"));
                return new Dossier(document, linesOf.getOrDefault(id, List.of()), applicationsOf.getOrDefault(id, List.of()),
                        namedLinkOf.getOrDefault(id, List.of()).stream().findFirst(),
                        firstLinkOf.getOrDefault(id, List.of()).stream().findFirst(), customer);
            };
        }

        /** The answer's rows by document, each document's in the order read. */
        private static <T> Map<UUID, List<T>> grouped(Answer<Map.Entry<UUID, T>> answer) {
            return answer.rows().stream().collect(Collectors.groupingBy(Map.Entry::getKey,
                    Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        }
    }
}
