package dev.recaudo.domain.report;

import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.payment.PaymentKind;
import java.util.Optional;

/**
 * The way money reached the company, as the console groups what it collected. A Recaudo checkout
 * is told apart by what its rail named the payment: a bank statement names it
 * {@code bank_transfer:<bank reference>}, a card processor by its charge, and a sandbox payment
 * (test environment) is named by no one.
 */
public enum CollectionRail implements WireNamed {
    CARD("card"),
    BANK_TRANSFER("bank_transfer"),
    SANDBOX("sandbox"),
    EXTERNAL("external"),
    VERIFIED("verified"),
    PROVIDER_SETTLEMENT("provider_settlement");

    /** The prefix of a payment's provider reference when a bank statement paid it. */
    public static final String BANK_TRANSFER_PREFIX = "bank_transfer:";

    private final String wireName;

    CollectionRail(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public static CollectionRail of(PaymentKind kind, Optional<String> providerPaymentId) {
        return switch (kind) {
            case VERIFIED -> VERIFIED;
            case PROVIDER_SETTLEMENT -> PROVIDER_SETTLEMENT;
            case EXTERNAL -> EXTERNAL;
            case CHECKOUT -> providerPaymentId.map(reference -> reference.startsWith(BANK_TRANSFER_PREFIX) ? BANK_TRANSFER : CARD)
                    .orElse(SANDBOX);
        };
    }
}
