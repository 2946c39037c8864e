package dev.recaudo.domain.common;

/**
 * A store refused a value it cannot represent, such as text PostgreSQL cannot encode (the NUL
 * character). Values reach the stores through request checks that refuse these first; this is the
 * backstop for one that slipped through: every outbound port may throw it, and the HTTP edge answers
 * it as the client's mistake rather than a failure of the service. The message is for the log only.
 */
public class UnstorableValue extends RuntimeException {

    public UnstorableValue(String message, Throwable cause) {
        super(message, cause);
    }
}
