package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Port: the callbacks of completed external payments, an outbox of its own because its rule differs
 * from the lifecycle webhooks' (one attempt, never retried, never sent twice).
 */
public interface ExternalPaymentCallbacks {

    /** Queues the callback in the caller's transaction: it exists if and only if the completion commits. */
    void queue(CallbackRequest request);

    /** The attempts made for each of the payments (at most one each today), keyed by external payment id. */
    Map<UUID, List<CallbackAttempt>> attemptsOf(TenantScope scope, Collection<UUID> externalPaymentIds);
}
