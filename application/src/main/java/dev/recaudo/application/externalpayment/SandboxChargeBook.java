package dev.recaudo.application.externalpayment;

import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * Port: the sandbox processor's own record of the charges it made, kept as a real processor keeps
 * its own, so that it answers what became of a charge truthfully across instances and restarts.
 */
public interface SandboxChargeBook {

    /**
     * Records the charge under its key unless one is recorded there already, in a transaction of its
     * own that has committed when this returns, whatever transaction the caller is in.
     *
     * @return the decision recorded under the key first: a second charge with the key changes nothing
     */
    Decision charge(TenantScope scope, String processorKey, Money amount, Decision decision, Instant now);

    /** The decision recorded under the key, if a charge was made with it. */
    Optional<Decision> find(TenantScope scope, String processorKey);
}
