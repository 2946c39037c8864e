package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;

/** Port: the processor events applied, one per (company, rail, event id), written in the transaction of the event's effect. */
public interface ProcessorEventLog {

    /**
     * Records the event as applied, in the caller's transaction.
     *
     * @return false when it was recorded already (a repeat, or a twin that committed first): nothing is to be applied
     */
    boolean firstTime(CompanyId company, String rail, String eventId, String type, Instant now);
}
