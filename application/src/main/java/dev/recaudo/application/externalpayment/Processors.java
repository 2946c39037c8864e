package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The processor that takes each scope's payments: the sandbox for test keys; for live keys, the card
 * processor the company configured its credentials for, if any.
 */
public final class Processors {

    private final PaymentProcessor sandbox;
    private final Function<CompanyId, Optional<PaymentProcessor>> live;

    /** @param live each company's live processor; empty for a company with no rail configured (live creation is refused) */
    public Processors(PaymentProcessor sandbox, Function<CompanyId, Optional<PaymentProcessor>> live) {
        this.sandbox = Objects.requireNonNull(sandbox, "sandbox");
        this.live = Objects.requireNonNull(live, "live");
    }

    /** One live processor for every company (tests, and a deployment with a single processor account). */
    public Processors(PaymentProcessor sandbox, Optional<PaymentProcessor> live) {
        this(sandbox, company -> live);
    }

    public Optional<PaymentProcessor> of(TenantScope scope) {
        return scope.isTest() ? Optional.of(sandbox) : live.apply(scope.companyId());
    }
}
