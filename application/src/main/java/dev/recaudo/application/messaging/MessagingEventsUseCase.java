package dev.recaudo.application.messaging;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.EventSummary;
import dev.recaudo.domain.messaging.MessageStatus;
import dev.recaudo.domain.messaging.MessagingEvent;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Inbound port: WhatsApp statuses in (the provider's webhook), messaging events out (the query). */
public interface MessagingEventsUseCase {

    /** One {@code statuses[]} entry as the provider reported it for the origin {@code phoneNumberId}. */
    record StatusReport(String phoneNumberId, String messageId, MessageStatus status, String recipientPhone,
            Optional<Instant> providerTimestamp, Optional<String> errorCode, Optional<String> errorTitle) {

        public StatusReport {
            Objects.requireNonNull(phoneNumberId, "phoneNumberId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(providerTimestamp, "providerTimestamp");
            Objects.requireNonNull(errorCode, "errorCode");
            Objects.requireNonNull(errorTitle, "errorTitle");
        }
    }

    /**
     * @param stored new events
     * @param repeated statuses stored before (redeliveries)
     * @param unknownOrigin statuses of an origin no company registered, acknowledged and dropped
     */
    record Ingested(int stored, int repeated, int unknownOrigin) {}

    record EventsPage(List<MessagingEvent> events, EventSummary summary, long page, int limit, long totalPages) {}

    Ingested ingest(List<StatusReport> reports);

    /**
     * Live data only: a test key's scope sees no events, and neither does a filter that matches
     * nothing (a phone without digits). {@code page} starts at 1; a page past the end is empty.
     */
    EventsPage query(TenantScope scope, EventFilter filter, long page, int limit);
}
