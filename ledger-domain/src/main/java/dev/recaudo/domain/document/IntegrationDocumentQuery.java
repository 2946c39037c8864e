package dev.recaudo.domain.document;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.CustomerNarrowable;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Filters of the integrations document list, keyset-paginated in change order (see
 * {@link ChangePosition}), so a partner synchronizes by following the cursor; {@code updatedSince}
 * is a filter on the documents' timestamp, not a place in that order.
 */
public record IntegrationDocumentQuery(
        Optional<String> source,
        Set<DocumentStatus> statuses,
        Optional<Boolean> withMoneyApplied,
        Optional<UUID> customerId,
        Optional<String> externalDocumentId,
        Optional<CurrencyCode> currency,
        Optional<Long> balanceMinFrom,
        Optional<Long> balanceMinTo,
        Optional<Instant> issuedFrom,
        Optional<Instant> issuedTo,
        Optional<Instant> dueFrom,
        Optional<Instant> dueTo,
        Optional<Instant> updatedSince,
        Optional<ChangePosition> after,
        int limit) implements CustomerNarrowable<IntegrationDocumentQuery> {

    public IntegrationDocumentQuery {
        statuses = Set.copyOf(statuses);
        ChangeSlice.requireLimit(limit);
    }

    /** The same filters, narrowed to one customer's documents. */
    @Override
    public IntegrationDocumentQuery ofCustomer(UUID companyCustomerId) {
        return new IntegrationDocumentQuery(source, statuses, withMoneyApplied, Optional.of(companyCustomerId), externalDocumentId,
                currency, balanceMinFrom, balanceMinTo, issuedFrom, issuedTo, dueFrom, dueTo, updatedSince, after, limit);
    }
}
