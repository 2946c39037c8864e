package dev.recaudo.persistence.webhook;

import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import dev.recaudo.persistence.common.EventBodies;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The outbox in PostgreSQL. The event body is rendered to JSON text once, here, and sent byte for
 * byte on every attempt; one pending delivery is created per subscribed endpoint of the event's
 * environment in the same statement, inside the caller's transaction, with what the event is
 * about, so that deliveries about one invoice reach an endpoint in the order they were written; a
 * delivery that waits for an earlier one is due no earlier than it ({@link WaitingDeliveries}).
 */
@ApplicationScoped
@StoreFailures
public class PgOutbox implements Outbox {

    /**
     * The event and its deliveries in one statement: the event's insert is a data-modifying CTE, and
     * the deliveries name it (their foreign key is checked at the statement's end, when the event is
     * in). Each pending delivery is due no earlier than the last one about the same aggregate to its
     * endpoint ({@link WaitingDeliveries#LAST_AHEAD}, share locked).
     */
    private static final String APPEND = "WITH event AS (INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at)"
            + " VALUES (?, ?, ?, ?, ?, ?) RETURNING id)"
            + " INSERT INTO webhook_deliveries (id, event_id, aggregate_id, endpoint_id, company_id, status, attempts,"
            + " next_attempt_at, created_at, updated_at)"
            + " SELECT gen_random_uuid(), event.id, ?, e.id, e.company_id, 'PENDING', 0, " + WaitingDeliveries.DUE_AFTER_AHEAD
            + ", ?, ? FROM event, webhook_endpoints e " + WaitingDeliveries.LAST_AHEAD
            + " WHERE e.company_id = ? AND e.is_test = ? AND e.deleted_at IS NULL AND ? = ANY (e.events)";

    @Inject
    NativeSql nativeSql;

    @Override
    public void append(OutboxEvent event) {
        String body = EventBodies.render(event.body());
        nativeSql.defer(APPEND,
                event.id(), event.scope().companyId().value(), event.scope().isTest(), event.type(), body, event.createdAt(),
                event.aggregateId(), event.createdAt(), event.createdAt(), event.createdAt(), event.aggregateId(),
                event.scope().companyId().value(), event.scope().isTest(), event.type());
    }
}
