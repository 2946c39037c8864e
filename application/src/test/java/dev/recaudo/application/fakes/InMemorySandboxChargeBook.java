package dev.recaudo.application.fakes;

import dev.recaudo.application.externalpayment.PaymentProcessor.Decision;
import dev.recaudo.application.externalpayment.SandboxChargeBook;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The sandbox processor's charges in a map keyed like the table, one per company and processor key.
 * It takes no part in the service's transactions: like the table, written in a transaction of its
 * own, a charge stays when the service's transaction rolls back.
 */
public final class InMemorySandboxChargeBook implements SandboxChargeBook {

    private record Address(TenantScope scope, String processorKey) {}

    private record Charge(Money amount, Decision decision) {}

    private final Map<Address, Charge> charges = new HashMap<>();
    private int attempts;

    @Override
    public Decision charge(TenantScope scope, String processorKey, Money amount, Decision decision, Instant now) {
        attempts++;
        return charges.computeIfAbsent(new Address(scope, processorKey), address -> new Charge(amount, decision)).decision();
    }

    @Override
    public Optional<Decision> find(TenantScope scope, String processorKey) {
        return Optional.ofNullable(charges.get(new Address(scope, processorKey))).map(Charge::decision);
    }

    /** How many charges were recorded, one per key. */
    public int charges() {
        return charges.size();
    }

    /** How many times the processor was asked to charge, the same key counted each time. */
    public int attempts() {
        return attempts;
    }
}
