package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.CustomerNarrowable;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Filters of the payments list, keyset-paginated in change order (see {@link ChangePosition}). */
public record PaymentListQuery(
        Set<PaymentOutcome> outcomes,
        Optional<String> externalPaymentId,
        Optional<UUID> customerId,
        Optional<String> source,
        Optional<PaymentKind> kind,
        Optional<CurrencyCode> currency,
        Optional<Instant> paidFrom,
        Optional<Instant> paidTo,
        Optional<Instant> updatedSince,
        Optional<ChangePosition> after,
        int limit) implements CustomerNarrowable<PaymentListQuery> {

    public PaymentListQuery {
        outcomes = Set.copyOf(outcomes);
        ChangeSlice.requireLimit(limit);
    }

    /** The same filters, narrowed to one customer's payments. */
    @Override
    public PaymentListQuery ofCustomer(UUID companyCustomerId) {
        return new PaymentListQuery(outcomes, externalPaymentId, Optional.of(companyCustomerId), source, kind, currency, paidFrom,
                paidTo, updatedSince, after, limit);
    }
}
