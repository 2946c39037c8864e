package dev.recaudo.application.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.AgingBucket;
import dev.recaudo.domain.report.Collected;
import dev.recaudo.domain.report.FailingEndpoint;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Inbound port: a company's receivables at a glance, as of a day of its own calendar. The day's
 * figures are what the ledger had booked by the end of that day in the company's time zone, so the
 * overview of a past day never changes.
 */
public interface ReceivablesOverviewUseCase {

    /** The overview as of {@code day} (today when empty), unless that day has not begun yet for the company. */
    Overview overview(TenantScope scope, Optional<LocalDate> day);

    sealed interface Overview {

        /** {@code day} is still to come in the company's time zone, where it is {@code today}. */
        record NotYet(LocalDate today) implements Overview {}

        /**
         * @param receivables the open receivables of each currency, by aging bucket
         * @param collected what came in from the first of {@code day}'s month to the end of {@code day}
         * @param failing the endpoints failing now, whatever the day
         */
        record Shown(ZoneId timeZone, LocalDate day, LocalDate today, List<Receivables> receivables, YearMonth month,
                List<Collected> collected, List<FailingEndpoint> failing) implements Overview {}
    }

    /** One currency's open receivables: their sum, their documents, and the sum of each bucket (every bucket present). */
    record Receivables(CurrencyCode currency, long openMinor, long documents, Map<AgingBucket, Long> buckets) {

        public Receivables {
            Objects.requireNonNull(currency, "currency");
            buckets = Collections.unmodifiableMap(new EnumMap<>(buckets));
        }
    }
}
