package dev.recaudo.domain.metrics;

import dev.recaudo.domain.payment.PaymentOutcome;
import java.util.Locale;
import java.util.Objects;

/**
 * One payment request's end, as counted: its family, its outcome (a payment outcome's wire name,
 * {@code rejected} or {@code failed}) and, for a rejection, the reason (the lower-case name of the
 * use case's rejection constant; {@code none} otherwise). Built only from constants, so each label
 * has a closed set of values.
 */
public record PaymentCount(PaymentFamily family, String outcome, String reason) {

    public static final String REJECTED = "rejected";
    public static final String FAILED = "failed";
    public static final String NO_REASON = "none";

    public PaymentCount {
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(reason, "reason");
    }

    /** Money was taken or recorded with this outcome ({@code already_processed} for a repeat). */
    public static PaymentCount of(PaymentFamily family, PaymentOutcome outcome) {
        return new PaymentCount(family, outcome.wireName(), NO_REASON);
    }

    /** Refused as a business rule says: nothing moved. */
    public static PaymentCount rejected(PaymentFamily family, Enum<?> reason) {
        return new PaymentCount(family, REJECTED, reason.name().toLowerCase(Locale.ROOT));
    }

    /** The request could not finish (the database refused it); nothing was kept. */
    public static PaymentCount failed(PaymentFamily family) {
        return new PaymentCount(family, FAILED, NO_REASON);
    }
}
