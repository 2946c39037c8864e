package dev.recaudo.application.rail;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A session at a processor's hosted payment page. At most one is open per checkout: Recaudo reuses
 * it, and opens another only after the old one was expired at the processor.
 *
 * @param chargeReference the processor's reference of the charge, once the session made one (Stripe: the PaymentIntent id)
 */
public record HostedSession(String id, String url, State state, boolean paid, Optional<String> chargeReference) {

    public enum State {
        OPEN,
        COMPLETE,
        EXPIRED
    }

    public HostedSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(chargeReference, "chargeReference");
    }

    /**
     * What a new session asks for. The processor keeps {@code checkoutId}, {@code externalPaymentId}
     * (a hosted external payment's) and the company in the session's and its charge's metadata, so that
     * its events name them back.
     *
     * @param idempotencyKey {@code recaudo-session-<checkoutId>-<n>}, n counting the sessions of the checkout
     */
    public record Request(TenantScope scope, UUID checkoutId, Optional<UUID> externalPaymentId, Money amount,
            String description, String successUrl, String cancelUrl, String idempotencyKey) {

        public Request {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(checkoutId, "checkoutId");
            Objects.requireNonNull(externalPaymentId, "externalPaymentId");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(successUrl, "successUrl");
            Objects.requireNonNull(cancelUrl, "cancelUrl");
            Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        }
    }
}
