package dev.recaudo.application.integration;

import dev.recaudo.application.integration.VerifiedPaymentsUseCase.ListedDocument;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.Rejection;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Allocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The documents a verified payment or a certified rate lists: found for the partner and the
 * payment's customer and locked by one statement, in id order (so payments listing the same
 * documents in different orders queue instead of deadlocking), then allocated in the partner's order
 * with the balances read under the locks. A request that cannot be applied leaves as a
 * {@link PaymentRollback}.
 */
final class ListedDocuments {

    private final CollectionDocumentRepository documents;

    ListedDocuments(CollectionDocumentRepository documents) {
        this.documents = documents;
    }

    /**
     * Locks the listed documents of the partner and customer and gives them in the partner's order; all
     * must share one currency. A rejection names the first listed document that causes it.
     */
    List<CollectionDocument> resolve(TenantScope scope, String source, UUID customerId, List<ListedDocument> listed) {
        Map<String, CollectionDocument> locked = new HashMap<>();
        documents.lockListed(scope, source, listed.stream().map(ListedDocument::externalDocumentId).distinct().toList())
                .forEach(document -> locked.put(document.externalDocumentId(), document));
        List<CollectionDocument> found = new ArrayList<>();
        for (ListedDocument document : listed) {
            CollectionDocument resolved = Optional.ofNullable(locked.get(document.externalDocumentId()))
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

    /** Allocates in the partner's order, with the balances of the documents {@link #resolve} locked. */
    Allocation allocate(Money amount, List<ListedDocument> listed, List<CollectionDocument> resolved) {
        List<Allocation.ListedDocument> allocationInput = new ArrayList<>();
        long listedTotal = 0;
        for (int i = 0; i < listed.size(); i++) {
            CollectionDocument document = resolved.get(i);
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
