package dev.recaudo.stripe;

import java.time.Duration;
import java.util.Objects;

/**
 * How the adapter reaches Stripe.
 *
 * @param apiBase {@code https://api.stripe.com}, or a test double's address
 * @param maxNetworkRetries how often stripe-java retries a request whose answer did not arrive (each
 *     retry carries the same Idempotency-Key, so a retried charge is made once)
 */
public record StripeSettings(String apiBase, Duration connectTimeout, Duration readTimeout, int maxNetworkRetries) {

    public static final String API_BASE = "https://api.stripe.com";

    public StripeSettings {
        Objects.requireNonNull(apiBase, "apiBase");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        if (maxNetworkRetries < 0) {
            throw new IllegalArgumentException("maxNetworkRetries is not negative");
        }
    }

    /** Stripe itself: 5 s to connect, 30 s to answer, 2 retries. */
    public static StripeSettings defaults() {
        return new StripeSettings(API_BASE, Duration.ofSeconds(5), Duration.ofSeconds(30), 2);
    }
}
