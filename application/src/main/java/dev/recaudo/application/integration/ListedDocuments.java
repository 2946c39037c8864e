package dev.recaudo.application.integration;

import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Allocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The documents a verified payment or a certified rate lists: found for the partner and the
 * payment's customer, locked in id order (so payments listing the same documents in different
 * orders queue instead of deadlocking), and allocated in the partner's order with the balances
 * read under the locks. A request that cannot be applied leaves as a {@link PaymentRollback}.
 */
final class ListedDocuments {

    private final CollectionDocumentRepository documents;

    ListedDocuments(CollectionDocumentRepository documents) {
        this.documents = documents;
    }

    /** Resolves the listed documents of the partner and customer; all must share one currency. */
    List<CollectionDocument> resolve(TenantScope scope, String source, UUID customerId, List<ListedDocument> listed) {
        List<CollectionDocument> found = new ArrayList<>();
        for (ListedDocument document : listed) {
            CollectionDocument resolved = documents.findByExternalId(scope, source, document.externalDocumentId())
                    .orElseThrow(() -> PaymentRollback.rejected(Rejection.DOCUMENT_NOT_FOUND, document.externalDocumentId()));
            if (!resolved.customerId().equals(customerId)) {
                throw PaymentRollback.rejected(Rejection.DOCUMENT_OF_ANOTHER_CUSTOMER, document.externalDocumentId());
            }
            if (resolved.total().currency() != found.stream().findFirst().map(d -> d.total().currency())
                    .orElse(resolved.total().currency())) {
                throw PaymentRollback.rejected(Rejection.MIXED_CURRENCIES, document.externalDocumentId());
            }
            found.add(resolved);
        }
        return found;
    }

    /** Locks the documents in id order, then allocates in the partner's order with the locked balances. */
    Allocation allocate(TenantScope scope, Money amount, List<ListedDocument> listed, List<CollectionDocument> resolved) {
        Map<DocumentId, CollectionDocument> locked = new LinkedHashMap<>();
        resolved.stream()
                .map(CollectionDocument::id)
                .distinct()
                .sorted(Comparator.comparing(DocumentId::value))
                .forEach(id -> locked.put(id, documents.lock(scope, id).orElseThrow()));
        List<Allocation.ListedDocument> allocationInput = new ArrayList<>();
        long listedTotal = 0;
        for (int i = 0; i < listed.size(); i++) {
            CollectionDocument document = locked.get(resolved.get(i).id());
            Money open = document.status() == DocumentStatus.CREATED ? document.balance() : Money.zero(amount.currency());
            allocationInput.add(new Allocation.ListedDocument(document.id(), Money.of(listed.get(i).amountMinor(),
                    amount.currency()), open));
            listedTotal = Math.addExact(listedTotal, listed.get(i).amountMinor());
        }
        if (listedTotal > amount.amountMinor()) {
            throw PaymentRollback.rejected(Rejection.LISTED_EXCEEDS_AMOUNT, Long.toString(listedTotal));
        }
        return Allocation.of(amount, allocationInput);
    }
}
