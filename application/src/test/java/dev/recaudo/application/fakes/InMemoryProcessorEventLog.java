package dev.recaudo.application.fakes;

import dev.recaudo.application.rail.ProcessorEventLog;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The processor events applied, keyed as the table is (company, rail, event id); rolled back with the transaction. */
public final class InMemoryProcessorEventLog implements ProcessorEventLog, TransactionalFake {

    private Set<List<Object>> applied = new HashSet<>();

    @Override
    public boolean firstTime(CompanyId company, String rail, String eventId, String type, Instant now) {
        return applied.add(List.of(company, rail, eventId));
    }

    public int size() {
        return applied.size();
    }

    @Override
    public Runnable captureRollback() {
        Set<List<Object>> saved = new HashSet<>(applied);
        return () -> applied = saved;
    }
}
