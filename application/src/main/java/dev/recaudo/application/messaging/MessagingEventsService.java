package dev.recaudo.application.messaging;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.EventSummary;
import dev.recaudo.domain.messaging.MessagingEvent;
import dev.recaudo.domain.messaging.MessagingEventRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

public final class MessagingEventsService implements MessagingEventsUseCase {

    private final MessagingEventRepository events;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;

    public MessagingEventsService(MessagingEventRepository events, CompanyRepository companies, Transactions transactions,
            Clock clock) {
        this.events = events;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Ingested ingest(List<StatusReport> reports) {
        Instant receivedAt = clock.instant();
        Map<String, Optional<WhatsAppOrigin>> origins = new HashMap<>();
        List<MessagingEvent> attributed = new ArrayList<>();
        int unknown = 0;
        for (StatusReport report : reports) {
            Optional<WhatsAppOrigin> origin =
                    origins.computeIfAbsent(report.phoneNumberId(), companies::findWhatsAppOrigin);
            if (origin.isEmpty()) {
                unknown++;
                continue;
            }
            attributed.add(new MessagingEvent(UUID.randomUUID(), origin.get().companyId(), report.phoneNumberId(),
                    report.messageId(), report.status(), report.recipientPhone(), report.providerTimestamp(), receivedAt,
                    report.errorCode(), report.errorTitle()));
        }
        int stored = attributed.isEmpty() ? 0 : transactions.inTransaction(() -> events.insertAll(attributed));
        return new Ingested(stored, attributed.size() - stored, unknown);
    }

    @Override
    public EventsPage query(TenantScope scope, EventFilter filter, long page, int limit) {
        if (scope.isTest() || filter.matchesNothing()) {
            return new EventsPage(List.of(), EventSummary.EMPTY, page, limit, 0);
        }
        EventSummary summary = events.summary(scope.companyId(), filter);
        long offset = (page - 1) * limit;
        List<MessagingEvent> found = offset < summary.total()
                ? events.page(scope.companyId(), filter, offset, limit)
                : List.of(); // past the end: the summary says so, no query needed
        return new EventsPage(found, summary, page, limit, (summary.total() + limit - 1) / limit);
    }
}
