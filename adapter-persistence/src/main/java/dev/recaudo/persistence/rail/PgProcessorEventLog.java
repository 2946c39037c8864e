package dev.recaudo.persistence.rail;

import dev.recaudo.application.rail.ProcessorEventLog;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;

/**
 * The processor events applied. The insert runs in the transaction of the event's effect: a concurrent
 * twin waits on the primary key until that transaction ends, then inserts nothing, and applies nothing.
 */
@ApplicationScoped
@StoreFailures
public class PgProcessorEventLog implements ProcessorEventLog {

    @Inject
    NativeSql nativeSql;

    @Override
    public boolean firstTime(CompanyId company, String rail, String eventId, String type, Instant now) {
        return nativeSql.update("INSERT INTO processor_events (company_id, rail, event_id, event_type, received_at)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", company.value(), rail, eventId, type, now) == 1;
    }
}
