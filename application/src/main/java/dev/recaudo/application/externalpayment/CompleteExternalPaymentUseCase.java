package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import java.util.Optional;
import java.util.UUID;

/** Inbound port: the payer paid a hosted external payment (the hosted page, or the sandbox control). */
public interface CompleteExternalPaymentUseCase {

    sealed interface Completion {
        record Completed(ExternalPayment payment) implements Completion {}

        /** Paid before: nothing more happens (a double click, a second tab). */
        record AlreadyCompleted(ExternalPayment payment) implements Completion {}

        record NotFound() implements Completion {}

        /** Canceled or failed: it takes no money. */
        record NotPayable(ExternalPayment payment) implements Completion {}
    }

    /**
     * Completes the hosted payment behind {@code checkoutId} in {@code scope}; with {@code partner},
     * only that partner's payment (the sandbox control of its key), without, any (the payer's page).
     */
    Completion completeHosted(TenantScope scope, Optional<String> partner, UUID checkoutId);

    /**
     * A rail took the payment's money (a card session): completes it as the payer's page does, with
     * the rail's reference of the charge on the ledger payment. Joins the caller's transaction.
     */
    Completion completeHosted(TenantScope scope, UUID checkoutId, String providerReference);
}
