package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.WireNamed;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Where a payment came from, and so how its {@code externalPaymentId} is formed. A partner names
 * its verified payments; Recaudo names the others with a reserved prefix and the id of what was
 * paid, so one id names one payment of a partner whatever its kind, and the payments list and
 * detail always agree. The wire name is the integrations API's {@code provider}, filter and field.
 */
public enum PaymentKind implements WireNamed {
    /** Settled outside Recaudo and reported with PAID_FROM_PROVIDER: {@code settlement:<invoiceId>}. */
    PROVIDER_SETTLEMENT("provider_settlement", Optional.of("settlement:")),
    /** Paid through a Recaudo checkout: {@code checkout:<checkoutId>}. */
    CHECKOUT("checkout", Optional.of("checkout:")),
    /** Verified by the partner and reported through the integrations API, under the partner's own id. */
    VERIFIED("verified", Optional.empty()),
    /**
     * Collected through the external payments API: {@code external:<externalPaymentId>}. The
     * integrations API shows one made for an invoice to that invoice's partner (docs/decisions.md).
     */
    EXTERNAL("external", Optional.of("external:"));

    /** Prefixes a partner's {@code externalPaymentId} may not start with, in any letter case. */
    public static final List<String> RESERVED_PREFIXES =
            Arrays.stream(values()).flatMap(kind -> kind.prefix.stream()).toList();

    private final String wireName;
    private final Optional<String> prefix;

    PaymentKind(String wireName, Optional<String> prefix) {
        this.wireName = wireName;
        this.prefix = prefix;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The id Recaudo gives a payment of this kind made for {@code origin} (the invoice settled, the checkout paid). */
    public String externalPaymentIdOf(UUID origin) {
        Objects.requireNonNull(origin, "origin");
        return prefix.orElseThrow(() -> new IllegalStateException("a verified payment's id is the partner's")) + origin;
    }

    /** Whether a partner's id would take a prefix reserved for the payments Recaudo names. */
    public static boolean isReserved(String externalPaymentId) {
        return RESERVED_PREFIXES.stream()
                .anyMatch(reserved -> externalPaymentId.regionMatches(true, 0, reserved, 0, reserved.length()));
    }
}
