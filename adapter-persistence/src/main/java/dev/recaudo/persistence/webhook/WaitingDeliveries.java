package dev.recaudo.persistence.webhook;

import dev.recaudo.persistence.common.NativeSql;
import java.time.Instant;
import java.util.UUID;

/**
 * Keeps a delivery that waits for an earlier pending delivery about the same invoice to the same
 * endpoint from being due before that one can go: when the first is leased, its followers are due no
 * earlier than the lease's end; when its attempt is recorded, they are due with its retry, or at once
 * if it succeeded or died; a new delivery is due no earlier than the last one it follows. So an
 * endpoint's due, unleased deliveries, oldest first, start with those that wait for nothing, and the
 * claim's bounded read of each queue ({@link DeliveryClaimStatements}) cannot be filled by followers while
 * other invoices' deliveries are due further along (docs/decisions.md, "Fair dispatch"). Each
 * statement reads one invoice's followers through {@code webhook_deliveries_pending_by_invoice}.
 */
final class WaitingDeliveries {

    /**
     * A common table expression to follow one named {@code leased} of a statement that leases the
     * deliveries {@code chosen} holds, returning each one's endpoint, invoice, sequence and lease end:
     * their followers, none of them chosen, are due no earlier than that end.
     */
    static final String BEHIND_LEASED = ", behind AS (UPDATE webhook_deliveries s"
            + " SET next_attempt_at = greatest(s.next_attempt_at, h.leased_until) FROM leased h"
            + " WHERE s.endpoint_id = h.endpoint_id AND s.aggregate_id = h.aggregate_id AND s.status = 'PENDING' AND s.seq > h.seq"
            + " AND s.id NOT IN (SELECT id FROM chosen))";

    /**
     * A common table expression to follow one named {@code recorded} that returns a delivery whose
     * attempt was just recorded, with its endpoint, invoice and sequence: its followers are due at the
     * parameter's time ({@link #followersDueAt}).
     */
    static final String BEHIND_RECORDED = ", followers AS (UPDATE webhook_deliveries s SET next_attempt_at = ?::timestamptz"
            + " FROM recorded h"
            + " WHERE s.endpoint_id = h.endpoint_id AND s.aggregate_id = h.aggregate_id AND s.status = 'PENDING' AND s.seq > h.seq)";

    /** The followers of one delivery: due when it can go on. */
    private static final String BEHIND_ONE = "UPDATE webhook_deliveries s SET next_attempt_at = ?"
            + " FROM webhook_deliveries h WHERE h.id = ?"
            + " AND s.endpoint_id = h.endpoint_id AND s.aggregate_id = h.aggregate_id AND s.status = 'PENDING' AND s.seq > h.seq";

    /**
     * For a new delivery: the last pending delivery about the same invoice to the endpoint, share
     * locked, so that a lease or a recorded attempt of it in progress is waited for and then read.
     */
    static final String LAST_AHEAD = "LEFT JOIN LATERAL (SELECT p.next_attempt_at, p.leased_until FROM webhook_deliveries p"
            + " WHERE p.endpoint_id = e.id AND p.aggregate_id = ? AND p.status = 'PENDING'"
            + " ORDER BY p.seq DESC LIMIT 1 FOR SHARE) ahead ON true";

    /** A new delivery's first due time: its event's, or later, when the last one ahead of it can go. */
    static final String DUE_AFTER_AHEAD = "greatest(?::timestamptz, ahead.next_attempt_at, ahead.leased_until)";

    private WaitingDeliveries() {}

    /**
     * The followers of a delivery are due at {@code at}: its retry after an attempt that failed, or
     * now after one that ended it, or when it is redelivered. A follower's own retry time, which it
     * has only when a delivery ahead of it was redelivered, is replaced by it.
     */
    static void followersDueAt(NativeSql nativeSql, UUID deliveryId, Instant at) {
        nativeSql.defer(BEHIND_ONE, at, deliveryId);
    }
}
