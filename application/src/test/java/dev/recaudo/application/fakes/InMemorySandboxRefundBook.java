package dev.recaudo.application.fakes;

import dev.recaudo.application.externalpayment.SandboxRefundBook;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The sandbox processor's record of refunds in memory. It takes no part in the service's
 * transactions, as the real one commits on its own: a rollback of the caller keeps what it recorded.
 * It counts the refunds asked for, so a test sees how often the processor was called.
 */
public final class InMemorySandboxRefundBook implements SandboxRefundBook {

    private final Map<String, Answer> answers = new HashMap<>();
    private int refundCalls;
    private int lookups;

    @Override
    public Answer refund(TenantScope scope, String processorKey, Money amount, Answer answer, Instant now) {
        refundCalls++;
        return answers.computeIfAbsent(scope.companyId() + "/" + processorKey, key -> answer);
    }

    @Override
    public Optional<Answer> find(TenantScope scope, String processorKey) {
        lookups++;
        return Optional.ofNullable(answers.get(scope.companyId() + "/" + processorKey));
    }

    /** How many times a refund was asked for, repeats included. */
    public int refundCalls() {
        return refundCalls;
    }

    /** How many times the processor was asked about a refund. */
    public int lookups() {
        return lookups;
    }
}
