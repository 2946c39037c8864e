package dev.recaudo.application.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: a customer's statement of account from one day to another of the company's calendar,
 * as the ledger booked it by the end of the last day, so a statement of a past period never
 * changes: an opening balance, each entry with the balance it leaves, and the closing balance, per
 * currency.
 */
public interface CustomerStatementUseCase {

    /** The most entries one statement lists; a longer period is refused, to be asked for in parts. */
    int ENTRIES_MAX = 10_000;

    /** The statement from {@code from} (since the first entry when empty) through {@code through} (the company's today when empty). */
    Statement statement(TenantScope scope, UUID companyCustomerId, Optional<LocalDate> from, Optional<LocalDate> through);

    sealed interface Statement {

        record NotFound() implements Statement {}

        /** {@code through} is after the company's today, or before {@code from}. */
        record BadPeriod(LocalDate today) implements Statement {}

        /** More than {@link #ENTRIES_MAX} entries: a shorter period is needed. */
        record TooLong() implements Statement {}

        /**
         * @param from the first day, empty: since the first entry
         * @param accounts one per currency, in code order
         */
        record Shown(UUID companyCustomerId, CustomerProfile customer, Optional<LocalDate> from, LocalDate through, ZoneId timeZone,
                Instant bookedBefore, List<Account> accounts) implements Statement {}
    }

    record Account(CurrencyCode currency, long openingMinor, List<Line> lines, long closingMinor) {}

    /** One entry and the balance after it; a positive amount is a charge, a negative one a payment or credit. */
    record Line(long entryId, Instant bookedAt, Optional<Instant> valueAt, TransferKind kind, Optional<String> document,
            Optional<String> payment, long amountMinor, long balanceMinor) {}
}
