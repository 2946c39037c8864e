package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * Port: the sandbox processor's own record of the refunds it made, one per processor key and shared
 * by every instance, kept as a real processor keeps its own: the same refund asked twice, from
 * anywhere, is refunded once, and asking about it tells the truth.
 */
public interface SandboxRefundBook {

    /** The sandbox's answer to one refund: its reference, and whether it was declined. */
    record Answer(String reference, boolean declined) {}

    /**
     * Records the answer under the key unless one is recorded there already, in a transaction of its
     * own that has committed when this returns, whatever transaction the caller is in.
     *
     * @return the answer recorded under the key first: a second refund with the key changes nothing
     */
    Answer refund(TenantScope scope, String processorKey, Money amount, Answer answer, Instant now);

    /** The answer recorded under the key, if a refund was made with it. */
    Optional<Answer> find(TenantScope scope, String processorKey);
}
