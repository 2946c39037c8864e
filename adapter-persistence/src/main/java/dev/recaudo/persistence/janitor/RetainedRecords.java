package dev.recaudo.persistence.janitor;

import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceSettings;
import java.time.Instant;
import java.util.function.ToIntFunction;

/**
 * The records kept for a configured number of days and then deleted, in the order a run deletes
 * them (deliveries before the events they point to). Each statement takes the cutoff and the batch
 * size, deletes at most one batch, the oldest first, and takes its rows with {@code FOR UPDATE SKIP
 * LOCKED}: two instances purging at once delete different rows, and a row another transaction is
 * changing (an operator's redelivery) is left for the next run, which sees it as it then is.
 *
 * <p>External payment callbacks are not among them: a callback is its payment's {@code
 * webhookAttempts}, at most one per payment, and is kept as long as the payment is readable.
 */
enum RetainedRecords {

    /**
     * Finished webhook deliveries (succeeded or dead) whose event and last change are both older than
     * the retention, with their attempts: a pending delivery still needs its attempts (its count and
     * backoff) and its event (the body it sends), so it is never taken.
     */
    WEBHOOK_DELIVERIES(PersistenceSettings.Retention::webhookDeliveriesDays, """
            WITH finished AS (
                SELECT d.id FROM webhook_deliveries d, (SELECT ?::timestamptz AS at) cutoff
                WHERE d.created_at < cutoff.at AND d.updated_at < cutoff.at AND d.status <> 'PENDING'
                ORDER BY d.created_at LIMIT ? FOR UPDATE OF d SKIP LOCKED),
            attempts AS (DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM finished))
            DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM finished)"""),

    /** Outbox events older than the webhook retention that no delivery points to any more. */
    OUTBOX_EVENTS(PersistenceSettings.Retention::webhookDeliveriesDays, """
            DELETE FROM outbox_events WHERE id IN (
                SELECT o.id FROM outbox_events o WHERE o.created_at < ?
                  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = o.id)
                ORDER BY o.created_at LIMIT ? FOR UPDATE SKIP LOCKED)"""),

    /**
     * The health of callback origins left unchanged (no attempt) as long as finished webhook
     * deliveries are kept: an origin silent that long starts over as healthy. A healthy origin
     * keeps no record at all.
     */
    CALLBACK_TARGET_HEALTH(PersistenceSettings.Retention::webhookDeliveriesDays, """
            DELETE FROM callback_target_health WHERE (company_id, is_test, origin) IN (
                SELECT company_id, is_test, origin FROM callback_target_health WHERE updated_at < ?
                ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED)"""),

    /**
     * WhatsApp statuses; a trigger (V0038) takes each deleted one out of its day's count in
     * {@code whatsapp_event_days} in the same statement, so summaries count only what pages show.
     */
    WHATSAPP_EVENTS(PersistenceSettings.Retention::whatsappEventsDays, """
            DELETE FROM whatsapp_events WHERE id IN (
                SELECT id FROM whatsapp_events WHERE received_at < ? ORDER BY received_at LIMIT ? FOR UPDATE SKIP LOCKED)"""),

    AUDIT_RECORDS(PersistenceSettings.Retention::auditRecordsDays, """
            DELETE FROM audit_records WHERE id IN (
                SELECT id FROM audit_records WHERE created_at < ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)""");

    private final ToIntFunction<PersistenceSettings.Retention> days;
    private final String sql;

    RetainedRecords(ToIntFunction<PersistenceSettings.Retention> days, String sql) {
        this.days = days;
        this.sql = sql;
    }

    /** Days these records are kept; 0 keeps them forever. */
    int retentionDays(PersistenceSettings.Retention retention) {
        return days.applyAsInt(retention);
    }

    /** Deletes at most {@code batchSize} of these records created before {@code cutoff}; answers how many. */
    int purge(NativeSql nativeSql, Instant cutoff, int batchSize) {
        return nativeSql.update(sql, cutoff, batchSize);
    }
}
