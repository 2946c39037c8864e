package dev.recaudo.domain.messaging;

import dev.recaudo.domain.company.CompanyId;
import java.util.List;

/** Port: the stored messaging events and their per-day counts. */
public interface MessagingEventRepository {

    /**
     * Stores the events, each at most once per company, message and status (a redelivery stores
     * nothing), and counts the stored ones into the per-day totals, in one transaction. Returns how many were new.
     */
    int insertAll(List<MessagingEvent> events);

    EventSummary summary(CompanyId companyId, EventFilter filter);

    /** Newest {@code receivedAt} first, then by id. */
    List<MessagingEvent> page(CompanyId companyId, EventFilter filter, long offset, int limit);
}
