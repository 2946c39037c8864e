package dev.recaudo.persistence.webhook;

/**
 * The statements of a claim of due deliveries, of an attempt recorded and of a place handed over
 * ({@link PgDeliveryClaims}): the candidates of a lane, the lease of the chosen ones, the recording
 * under the endpoint's lock, and the lease of an endpoint's next delivery.
 */
final class DeliveryClaimStatements {

    /**
     * Due deliveries an endpoint's queue is read for per claim, at most: the oldest, of which those
     * that wait for an earlier delivery about the same invoice are left out. Bounded, so a claim costs
     * the same whatever an endpoint's backlog (each of these probes one index entry for its invoice).
     * Deliveries that wait are not due before the one they wait for can go ({@link WaitingDeliveries}),
     * so they cannot fill this read while other invoices' deliveries are due.
     */
    static final int HEADS_READ_MAX = 100;

    /** A delivery no lease holds that is due at the parameters' time (twice: the due time, the lease's end). */
    private static final String FREE = " x.status = 'PENDING' AND x.next_attempt_at <= ?"
            + " AND (x.leased_until IS NULL OR x.leased_until < ?)";

    /**
     * The oldest deliveries of the endpoint {@code endpoint} names (a column, or a parameter with any
     * condition that follows it) that are free ({@link #FREE}) and wait for no earlier pending delivery
     * about the same invoice, {@code limit} at most, from its first {@link #HEADS_READ_MAX} free ones.
     */
    private static String heads(String endpoint, String limit) {
        return "SELECT h.id, h.next_attempt_at, h.seq FROM ("
                + " SELECT x.id, x.endpoint_id, x.aggregate_id, x.next_attempt_at, x.seq FROM webhook_deliveries x"
                + " WHERE x.endpoint_id = " + endpoint + " AND" + FREE
                + " ORDER BY x.next_attempt_at, x.seq LIMIT " + HEADS_READ_MAX + ") h"
                + " WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries y WHERE y.endpoint_id = h.endpoint_id"
                + "   AND y.aggregate_id = h.aggregate_id AND y.status = 'PENDING' AND y.seq < h.seq)"
                + " ORDER BY h.next_attempt_at, h.seq LIMIT " + limit;
    }

    /**
     * The lane's endpoints that have pending deliveries, found by skipping through the pending index
     * from one endpoint to the next (one probe per endpoint, however long its queue), each with its
     * attempts in flight and its health; and, for those not paused (a paused one's queue is not read
     * at all), their oldest due deliveries that no lease holds and that wait for no earlier pending
     * delivery about the same invoice. An endpoint without such a delivery still gives one row, with
     * no delivery, for the company's count.
     */
    static final String CANDIDATES = "WITH RECURSIVE pending (endpoint_id) AS ("
            + "   (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'PENDING' ORDER BY endpoint_id LIMIT 1)"
            + "   UNION ALL"
            + "   SELECT (SELECT d.endpoint_id FROM webhook_deliveries d WHERE d.status = 'PENDING'"
            + "           AND d.endpoint_id > p.endpoint_id ORDER BY d.endpoint_id LIMIT 1)"
            + "   FROM pending p WHERE p.endpoint_id IS NOT NULL),"
            + " lane AS MATERIALIZED ("
            + "   SELECT e.id, e.company_id, e.consecutive_failures, e.pauses, e.paused_until,"
            + "     (SELECT count(*) FROM webhook_deliveries l WHERE l.endpoint_id = e.id AND l.status = 'PENDING'"
            + "      AND l.leased_until >= ?) AS in_flight"
            + "   FROM pending p JOIN webhook_endpoints e ON e.id = p.endpoint_id"
            + "   WHERE e.is_test = ? AND e.deleted_at IS NULL)"
            + " SELECT lane.*, d.id AS delivery_id, d.next_attempt_at, d.seq FROM lane LEFT JOIN LATERAL ("
            + heads("lane.id AND (lane.paused_until IS NULL OR lane.paused_until <= ?)", "?") + ") d ON true";

    /**
     * Leases what {@code chosen} holds, under new tokens; their followers wait for the leases' end
     * ({@link WaitingDeliveries#BEHIND_LEASED}); answers what sending each needs.
     */
    private static final String LEASED = ", leased AS (UPDATE webhook_deliveries d"
            + " SET leased_until = ?, lease_token = gen_random_uuid(), updated_at = ?"
            + " FROM chosen, webhook_endpoints e"
            + " WHERE d.id = chosen.id AND e.id = d.endpoint_id"
            + " RETURNING d.id, d.event_id, d.endpoint_id, d.aggregate_id, d.seq, d.attempts, d.lease_token, d.leased_until,"
            + " e.company_id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,"
            + " (SELECT o.body FROM outbox_events o WHERE o.id = d.event_id) AS body,"
            + " (SELECT o.created_at FROM outbox_events o WHERE o.id = d.event_id) AS event_created_at)"
            + WaitingDeliveries.BEHIND_LEASED
            + " SELECT * FROM leased";

    /**
     * The chosen deliveries still due and free, locked in a materialized CTE (evaluated once, so the
     * join with the endpoints can never run it again and lease more), leased ({@link #LEASED}).
     */
    static final String LEASE = "WITH chosen AS MATERIALIZED (SELECT x.id FROM webhook_deliveries x"
            + " WHERE x.id = ANY (?::uuid[]) AND" + FREE + " FOR UPDATE SKIP LOCKED)" + LEASED;

    /**
     * The endpoint's next delivery ({@link #heads}), still free once locked, leased as {@link #LEASE}
     * leases; only when this transaction recorded the attempt whose place it takes (the delivery's row
     * is this transaction's version: {@link #RECORD} did not find the lease lost), while that attempt's
     * lease (the parameter after its id) still holds now, after the waits for a connection and for the
     * endpoint's lock (a lease that ran out stopped counting as in flight for every claim, and a place
     * handed on from it would be one more than the caps allow), and only while the attempts in flight
     * for the endpoint's company in its environment, the one just recorded no longer among them, leave
     * room for one more beside the one handed over.
     */
    static final String LEASE_NEXT = "WITH chosen AS MATERIALIZED (SELECT x.id FROM webhook_deliveries x"
            + " WHERE EXISTS (SELECT 1 FROM webhook_deliveries r WHERE r.id = ? AND r.xmin = pg_current_xact_id()::xid"
            + "   AND ?::timestamptz >= clock_timestamp())"
            + " AND x.id = (SELECT n.id FROM (" + heads("?", "1") + ") n) AND" + FREE
            + " AND (SELECT count(*) FROM webhook_endpoints c JOIN webhook_deliveries l ON l.endpoint_id = c.id"
            + "   WHERE c.company_id = ? AND c.is_test = (SELECT s.is_test FROM webhook_endpoints s WHERE s.id = ?)"
            + "   AND l.status = 'PENDING' AND l.leased_until >= ?) + 2 <= ?"
            + " FOR UPDATE SKIP LOCKED)" + LEASED;

    /**
     * The endpoint's health, its row locked ({@code FOR NO KEY UPDATE}) against other changes of it,
     * while the outbox keeps inserting deliveries that reference it (their key share lock does not
     * wait). The wait for it is bounded ({@link PgDeliveryClaims#HEALTH_LOCK_WAIT_MILLIS}, this
     * transaction only): removing an endpoint holds its row while it ends every pending delivery,
     * however many, and the few threads that record every company's outcomes must not all queue
     * behind that. Past the wait the recording fails; the delivery is due again when its lease runs
     * out, or dead with its endpoint.
     */
    static final String LOCK_HEALTH = "SELECT consecutive_failures, pauses, paused_until"
            + " FROM webhook_endpoints WHERE company_id = ? AND id = ? AND deleted_at IS NULL FOR NO KEY UPDATE";

    /**
     * An attempt recorded on the claim's token: the delivery's new state, its lease released, then its
     * attempt row and its followers' due time ({@link WaitingDeliveries#BEHIND_RECORDED}), all only
     * when the token is still the delivery's and it is still pending; answers how many it recorded (0:
     * the lease was lost, and nothing is written).
     */
    static final String RECORD = "WITH recorded AS (UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1,"
            + " next_attempt_at = ?, leased_until = NULL, lease_token = NULL, updated_at = ?"
            + " WHERE id = ? AND lease_token = ? AND status = 'PENDING' RETURNING id, endpoint_id, aggregate_id, seq),"
            + " attempt AS (INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error)"
            + " SELECT id, ?::timestamptz, ?::bigint, ?::integer, ?::text FROM recorded)"
            + WaitingDeliveries.BEHIND_RECORDED
            + " SELECT count(*) FROM recorded";

    private DeliveryClaimStatements() {}
}
