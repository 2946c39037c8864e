package dev.recaudo.domain.externalpayment;

import java.util.Objects;
import java.util.Optional;

/**
 * A direct payment's charge as far as it went: the payment-method token it was created with, and,
 * once the processor answered, the processor's reference of the charge and where the payer must go
 * to authenticate it (3-D Secure) while it is pending.
 */
public record ChargeTrail(Optional<String> paymentMethod, Optional<String> reference, Optional<String> nextActionUrl) {

    public static final ChargeTrail NONE = new ChargeTrail(Optional.empty(), Optional.empty(), Optional.empty());

    public ChargeTrail {
        Objects.requireNonNull(paymentMethod, "paymentMethod");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(nextActionUrl, "nextActionUrl");
    }
}
