package dev.recaudo.application.externalpayment;

import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The processor that takes each scope's payments: the sandbox for test keys; for live keys, the card
 * processor the company configured its credentials for, if any.
 */
public final class Processors {

    /** Where a company's admin turns card collection on: named in the answer to a live payment no rail takes. */
    public static final String CONFIGURE_ROUTE = "PUT /companies/{companyId}/payment-rails/stripe";

    /** Whether a live payment in a currency can be taken, and if not, why (the message the partner reads). */
    public sealed interface Availability {
        record Available() implements Availability {}

        /** The company configured no rail. */
        record NoRail(String message) implements Availability {}

        /** No rail the company configured serves the currency. */
        record CurrencyNotServed(String message) implements Availability {}
    }

    private final PaymentProcessor sandbox;
    private final Function<CompanyId, Optional<PaymentProcessor>> live;
    /** The rails each company configured, when known; empty for a single processor that serves every currency. */
    private final Optional<CardRails> rails;

    /** @param live each company's live processor; empty for a company with no rail configured (live creation is refused) */
    public Processors(PaymentProcessor sandbox, Function<CompanyId, Optional<PaymentProcessor>> live) {
        this(sandbox, live, Optional.empty());
    }

    /** One live processor for every company (tests, and a deployment with a single processor account). */
    public Processors(PaymentProcessor sandbox, Optional<PaymentProcessor> live) {
        this(sandbox, company -> live);
    }

    /**
     * Each company's live processor is its connected card rail's ({@link CardRails#of}), passed through
     * {@code wrap} (the crash hook in the service).
     */
    public Processors(PaymentProcessor sandbox, CardRails rails, UnaryOperator<PaymentProcessor> wrap) {
        this(sandbox, company -> rails.of(company).map(connected -> wrap.apply(connected.processor())), Optional.of(rails));
    }

    private Processors(PaymentProcessor sandbox, Function<CompanyId, Optional<PaymentProcessor>> live,
            Optional<CardRails> rails) {
        this.sandbox = Objects.requireNonNull(sandbox, "sandbox");
        this.live = Objects.requireNonNull(live, "live");
        this.rails = rails;
    }

    public Optional<PaymentProcessor> of(TenantScope scope) {
        return scope.isTest() ? Optional.of(sandbox) : live.apply(scope.companyId());
    }

    /** Whether a payment of the scope in {@code currency} has a processor to take it: the sandbox takes every test one. */
    public Availability availability(TenantScope scope, CurrencyCode currency) {
        if (scope.isTest()) {
            return new Availability.Available();
        }
        if (rails.isEmpty()) {
            return of(scope).isPresent() ? new Availability.Available() : new Availability.NoRail(
                    "No payment processor takes this company's live payments: its admin configures one with " + CONFIGURE_ROUTE
                            + "; test keys use the sandbox processor");
        }
        List<CardRail> configured = rails.get().configured(scope.companyId());
        if (configured.isEmpty()) {
            return new Availability.NoRail("No payment rail is configured for this company's live payments: its admin"
                    + " configures one with " + CONFIGURE_ROUTE + "; test keys use the sandbox processor");
        }
        if (configured.stream().anyMatch(rail -> rail.currencies().contains(currency))) {
            return new Availability.Available();
        }
        List<CardRail> could = rails.get().all().stream().filter(rail -> rail.currencies().contains(currency)).toList();
        String served = configured.stream().map(rail -> rail.name() + " serves " + names(rail))
                .collect(Collectors.joining("; "));
        return new Availability.CurrencyNotServed("no payment rail of this company takes " + currency + " (" + served + ")"
                + (could.isEmpty() ? "; no rail of this service takes it"
                        : "; " + could.stream().map(CardRail::name).collect(Collectors.joining(", ")) + " could, once configured"));
    }

    private static String names(CardRail rail) {
        return rail.currencies().stream().map(CurrencyCode::name).sorted().collect(Collectors.joining(", "));
    }
}
