package dev.recaudo.application.refund;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.refund.Refund;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Inbound port: refunds of completed external payments, asked for by the payment's partner, in
 * phases ({@link #start}, then {@link #proceed}); every call sees only that partner's payments.
 */
public interface RefundsUseCase {

    record RequestRefund(TenantScope scope, String partner, UUID externalPaymentId, long amountMinor, Optional<String> reason) {

        public RequestRefund {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(partner, "partner");
            Objects.requireNonNull(externalPaymentId, "externalPaymentId");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Why a refund was refused, in the order they are checked. */
    enum Rejection {
        /** No external payment of this partner has the id. */
        PAYMENT_NOT_FOUND,
        /** The payment is not completed: nothing was taken, so nothing can be given back. */
        PAYMENT_NOT_COMPLETED,
        /** The amount is above what the payment still holds (what was paid and not already refunded). */
        AMOUNT_ABOVE_REFUNDABLE,
        /** The document the payment paid was reconciled: a refund would contradict that reconciliation. */
        DOCUMENT_RECONCILED
    }

    sealed interface StartResult {
        /** Phase 1 committed with the caller's transaction: the money is in flight, the refund pending. */
        record Started(Refund refund) implements StartResult {}

        /** {@code detail} says why, naming what is refundable when the amount is too high. */
        record Rejected(Rejection rejection, String detail) implements StartResult {}

        /** No processor refunds payments of this environment. */
        record ProcessorUnavailable() implements StartResult {}
    }

    /** Phase 1, in the caller's transaction: checks, records the pending refund and takes its money into flight. */
    StartResult start(RequestRefund command);

    /**
     * Phase 2, outside any transaction: asks the processor once, under the refund's own key.
     *
     * @return phase 3, which records the answer in a transaction of its own and answers the refund as it
     *     then stands; it may run again after a lock race without asking the processor again
     */
    Supplier<Refund> proceed(TenantScope scope, UUID refundId);

    /**
     * A refund still pending after its request ended (an answer lost, a crash): asks the processor
     * what became of it under its key, refunds only if it never saw the request, and records the outcome.
     */
    Refund resolve(TenantScope scope, UUID refundId);

    Optional<Refund> find(TenantScope scope, UUID refundId);

    /** The refunds of the partner's payment, oldest first; empty when the partner has no such payment. */
    Optional<List<Refund>> ofPayment(TenantScope scope, String partner, UUID externalPaymentId);

    /** The refunds of each of the payments, for their reads; a payment without any is absent. */
    Map<UUID, List<Refund>> ofPayments(TenantScope scope, Collection<UUID> externalPaymentIds);
}
