package dev.recaudo.domain.report;

import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

/** Port: the store's aggregates behind the console's reports, read only, in one environment of one company. */
public interface ReceivablesReports {

    /**
     * Every open receivable as the ledger held it from entries booked before {@code bookedBefore}
     * (so a past moment never changes), grouped by currency and by days past due on {@code day}, a
     * due date being read as a date in {@code zone}.
     */
    List<OpenBalance> openBalances(TenantScope scope, Instant bookedBefore, LocalDate day, ZoneId zone);

    /** The payments booked from {@code from} (inclusive) to {@code until} (exclusive), by rail and currency. */
    List<Collected> collected(TenantScope scope, Instant from, Instant until);

    /** The endpoints with a delivery retrying after a failure, or given up since {@code deadSince}, most deliveries first. */
    List<FailingEndpoint> failingEndpoints(TenantScope scope, Instant deadSince);
}
