package dev.recaudo.stripe;

/**
 * Stripe answered with an error (a 4xx other than a card decline, a 429, a 5xx): the outcome is
 * unknown to the caller, which asks again later. Carries no Stripe type.
 */
public final class StripeRefused extends RuntimeException {

    private final int status;
    private final String code;

    public StripeRefused(String what, int status, String code, String requestId) {
        super("Stripe refused " + what + ": HTTP " + status + (code == null ? "" : " " + code)
                + (requestId == null ? "" : " (request " + requestId + ")"));
        this.status = status;
        this.code = code;
    }

    /** The HTTP status Stripe answered; 0 when there was none. */
    public int status() {
        return status;
    }

    /** Stripe's error code ({@code rate_limit}, {@code resource_missing}...), or null. */
    public String code() {
        return code;
    }
}
