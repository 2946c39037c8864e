package dev.recaudo.application.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.report.AppliedPaymentsExport.Applied;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.function.Consumer;

/** Inbound port: the console's exports, streamed row by row. */
public interface ExportsUseCase {

    /** The period from {@code from} through {@code through}, days of the company's calendar; empty when it ends after today or before it begins. */
    Optional<Period> period(TenantScope scope, LocalDate from, LocalDate through);

    /** Hands every payment application booked in {@code period} to {@code each}, in booking order. */
    void appliedPayments(TenantScope scope, Period period, Consumer<Applied> each);

    /** Days of the company's calendar and the instants that begin the first and end the last. */
    record Period(LocalDate from, LocalDate through, Instant start, Instant end) {}
}
