package dev.recaudo.rest.common;

/**
 * The API family a rate-limit refusal is counted under: finer than {@link ErrorFamily} (which
 * groups families by envelope), so an operator sees which partners' integration is being refused.
 * Decided by the path inside the application, like the envelope; a closed set, so the metric's
 * label never holds a key, a company or a path.
 */
public enum RateLimitFamily {
    PUBLIC_INVOICES("public_invoices"),
    WHATSAPP_EVENTS("whatsapp_events"),
    SANDBOX("sandbox"),
    INTEGRATIONS("integrations"),
    EXTERNAL_PAYMENTS("external_payments"),
    CHECKOUT("checkout"),
    ADMIN_LOGIN("admin_login"),
    /** Any other path: none refuses for a rate today, so a count here means a new limit to name. */
    OTHER("other");

    private final String metricName;

    RateLimitFamily(String metricName) {
        this.metricName = metricName;
    }

    public String metricName() {
        return metricName;
    }

    /** The family of a path inside the application (for example {@code /v1/invoices}). */
    public static RateLimitFamily forPath(String path) {
        if (path.startsWith("/v1/whatsapp/")) {
            return WHATSAPP_EVENTS;
        }
        if (path.startsWith("/v1/")) {
            return PUBLIC_INVOICES;
        }
        if (path.startsWith("/sandbox/")) {
            return SANDBOX;
        }
        if (path.startsWith("/integrations/")) {
            return INTEGRATIONS;
        }
        if (path.startsWith("/external/")) {
            return EXTERNAL_PAYMENTS;
        }
        if (path.startsWith("/checkout/")) {
            return CHECKOUT;
        }
        if (path.startsWith("/auth/")) {
            return ADMIN_LOGIN;
        }
        return OTHER;
    }
}
