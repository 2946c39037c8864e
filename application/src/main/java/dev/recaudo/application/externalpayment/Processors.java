package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.util.Objects;
import java.util.Optional;

/** The processor that takes each environment's payments: the sandbox for test keys, the configured one, if any, for live keys. */
public final class Processors {

    private final PaymentProcessor sandbox;
    private final Optional<PaymentProcessor> live;

    /** @param live the processor of live payments; empty when none is configured (live creation is refused) */
    public Processors(PaymentProcessor sandbox, Optional<PaymentProcessor> live) {
        this.sandbox = Objects.requireNonNull(sandbox, "sandbox");
        this.live = Objects.requireNonNull(live, "live");
    }

    public Optional<PaymentProcessor> of(KeyEnvironment environment) {
        return environment == KeyEnvironment.TEST ? Optional.of(sandbox) : live;
    }
}
