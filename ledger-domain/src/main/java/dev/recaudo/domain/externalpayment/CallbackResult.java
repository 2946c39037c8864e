package dev.recaudo.domain.externalpayment;

/**
 * Where a callback's single attempt stands. A callback is queued by the completion, marked
 * {@code ATTEMPTING} (committed) before the request leaves, and then {@code DELIVERED} (a 2xx answer)
 * or {@code FAILED}. An attempt whose sender vanished (a crash while in flight) becomes
 * {@code UNKNOWN} when its lease expires: the receiver may or may not have it, and it is never
 * sent again, because a callback is sent at most once.
 */
public enum CallbackResult {
    QUEUED,
    ATTEMPTING,
    DELIVERED,
    FAILED,
    UNKNOWN;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
