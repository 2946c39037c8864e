package dev.recaudo.domain.common;

/**
 * A store could not serve the call for now: no connection came in time (every pooled connection
 * busy, the server down or restarting), the server is shutting down, or a lock race was still lost
 * after the retries. It says nothing about the request, which may be sent again as it was (a write
 * with the same {@code Idempotency-Key}); every outbound port may throw it, and the HTTP edge
 * answers it {@code 503} with {@code Retry-After} instead of as a failure of the service. The
 * message is for the log only.
 */
public class StoreUnavailable extends RuntimeException {

    public StoreUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
