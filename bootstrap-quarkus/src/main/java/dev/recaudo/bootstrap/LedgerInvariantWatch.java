package dev.recaudo.bootstrap;

import dev.recaudo.application.ledger.LedgerAuditUseCase;
import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.domain.ledger.LedgerCheck;
import dev.recaudo.domain.ledger.LedgerInvariant;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Runs the ledger audit on every instance at {@code recaudo.invariants.check-interval} and exports
 * what the last check this instance completed found, for an alert:
 * <ul>
 * <li>{@code recaudo_ledger_invariant_violations{invariant="I1".."I5"}}: rows breaking each invariant;</li>
 * <li>{@code recaudo_ledger_invariants_last_check_timestamp_seconds}: when that check completed (Unix time),
 * so a check that stopped completing (timing out, failing) is seen as a stale value;</li>
 * <li>{@code recaudo_ledger_invariants_check_duration_seconds}: how long it took.</li>
 * </ul>
 * Each is NaN until this instance completes a check. A check skipped because another instance was
 * running one leaves the values as they were.
 */
@ApplicationScoped
public class LedgerInvariantWatch {

    /** What the gauges read; replaced whole, so a scrape never sees half of one check and half of another. */
    private record LastCheck(LedgerCheck check, Instant completedAt, Duration took) {}

    private final LedgerAuditUseCase audit;
    private final Clock clock;
    private volatile LastCheck last;

    public LedgerInvariantWatch(LedgerAuditUseCase audit, Clock clock, MeterRegistry registry) {
        this.audit = audit;
        this.clock = clock;
        for (LedgerInvariant invariant : LedgerInvariant.values()) {
            Gauge.builder("recaudo.ledger.invariant.violations", this,
                            watch -> watch.last == null ? Double.NaN : watch.last.check().violations(invariant))
                    .tag("invariant", invariant.name())
                    .description("Rows breaking the ledger invariant in the last completed check: " + invariant.rule())
                    .register(registry);
        }
        Gauge.builder("recaudo.ledger.invariants.last.check.timestamp", this,
                        watch -> watch.last == null ? Double.NaN : watch.last.completedAt().toEpochMilli() / 1000.0)
                .baseUnit("seconds")
                .description("When this instance last completed a check of the ledger invariants")
                .register(registry);
        Gauge.builder("recaudo.ledger.invariants.check.duration", this,
                        watch -> watch.last == null ? Double.NaN : watch.last.took().toNanos() / 1e9)
                .baseUnit("seconds")
                .description("How long the last completed check of the ledger invariants took")
                .register(registry);
    }

    /** One check, on the schedule (the first a minute after start, off the start's path), or when a test calls it. */
    @Scheduled(every = "${recaudo.invariants.check-interval}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void check() {
        Instant started = clock.instant();
        LedgerAudit.Outcome outcome = audit.check();
        if (outcome instanceof LedgerAudit.Completed completed) {
            Instant now = clock.instant();
            last = new LastCheck(completed.check(), now, Duration.between(started, now));
        }
    }
}
