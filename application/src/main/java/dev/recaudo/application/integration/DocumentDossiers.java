package dev.recaudo.application.integration;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.payment.PaymentRepository.AppliedPayment;
import java.util.List;
import java.util.Optional;

/**
 * Outbound port: documents with everything their integrations view is made of, read together (an
 * adapter reads a document and all of its parts in one round trip, and a page's parts in one more)
 * instead of one read per part and per document.
 */
public interface DocumentDossiers {

    Optional<Dossier> byExternalId(TenantScope scope, String source, String externalDocumentId);

    Optional<Dossier> byId(TenantScope scope, DocumentId id);

    /** The dossiers of {@code documents}, just read, in their order. */
    List<Dossier> of(TenantScope scope, List<CollectionDocument> documents);

    /**
     * A document and its parts: its lines and the payments applied to it, in order; the link its
     * partner named its customer by, if any (of whichever customer it is now), and that partner's
     * first link to the document's customer, if any; and the customer.
     */
    record Dossier(
            CollectionDocument document,
            List<DocumentLine> lines,
            List<AppliedPayment> applications,
            Optional<CustomerLink> namedLink,
            Optional<CustomerLink> firstLink,
            Customer customer) {}
}
