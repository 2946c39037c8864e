package dev.recaudo.domain.webhook;

import dev.recaudo.domain.common.WireNamed;

/**
 * How one outbound attempt ended, in a closed set an operator can alert on: delivered, answered
 * with an error status (by class), or no answer at all, and why.
 */
public enum AttemptResult implements WireNamed {
    /** A 2xx answer. */
    DELIVERED("delivered"),
    /** A 3xx answer: redirects are never followed, so the receiver's URL is wrong. */
    STATUS_3XX("status_3xx"),
    /** A 4xx answer: the receiver refused it (signature, secret, a removed route). */
    STATUS_4XX("status_4xx"),
    /** A 5xx answer, or a status outside 200 to 599: the receiver failed. */
    STATUS_5XX("status_5xx"),
    /** No answer in time, or no connection in time. */
    TIMEOUT("timeout"),
    /** No connection (refused, no route, TLS) or the exchange broke off. */
    CONNECTION_FAILED("connection_failed"),
    /** The target resolved to an address the policy refuses (loopback, private, metadata...): nothing was sent. */
    TARGET_REFUSED("target_refused"),
    /** The request could not be built or signed: nothing was sent. */
    NOT_SENT("not_sent"),
    /**
     * Its target was paused for failing too often: nothing was sent. Only callbacks end so (their one
     * attempt is recorded "target paused"); a paused endpoint's deliveries wait instead.
     */
    TARGET_PAUSED("target_paused");

    private final String wireName;

    AttemptResult(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Whether the attempt says how its target answers, and so counts for its health (failures in a
     * row, pauses): not one this side never made (its secret unusable, its request unsigned), for
     * webhook endpoints and callback origins alike.
     */
    public boolean tellsOfTarget() {
        return this != NOT_SENT;
    }

    /** The result of an attempt the receiver answered with {@code statusCode}. */
    public static AttemptResult ofStatus(int statusCode) {
        if (statusCode >= 200 && statusCode < 300) {
            return DELIVERED;
        }
        if (statusCode >= 300 && statusCode < 400) {
            return STATUS_3XX;
        }
        if (statusCode >= 400 && statusCode < 500) {
            return STATUS_4XX;
        }
        return STATUS_5XX;
    }
}
