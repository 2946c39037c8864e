package dev.recaudo.rest.common;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The dates and date-times the API reads, in bodies and queries of every family: the years 1900 to
 * 9999 (docs/decisions.md, "Text and dates in requests"). Java reads years up to 999,999,999 and
 * PostgreSQL stores fewer, so without a bound a typo answered 500; and every date the API takes is a
 * business date (an issue or due date, a payment's verification, a rate's effective day, a filter),
 * which these years hold with room to spare.
 */
public final class DateRange {

    public static final LocalDate FIRST_DAY = LocalDate.of(1900, 1, 1);
    public static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);
    /** How a refusal states the range of a date ({@code YYYY-MM-DD}). */
    public static final String DATES = "from " + FIRST_DAY + " to " + LAST_DAY;
    /** How a refusal states the range of a date-time: the instant it names, in UTC. */
    public static final String DATE_TIMES = "from " + FIRST_DAY + "T00:00:00Z to " + LAST_DAY + "T23:59:59.999999Z";

    private static final Instant START = FIRST_DAY.atStartOfDay().toInstant(ZoneOffset.UTC);
    private static final Instant END = LAST_DAY.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);

    private DateRange() {}

    /** The date {@code text} spells in {@code format} when it is a real date of the range; else empty. */
    public static Optional<LocalDate> date(String text, DateTimeFormatter format) {
        try {
            return Optional.of(LocalDate.parse(text, format)).filter(DateRange::contains);
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }

    /**
     * The instant an ISO 8601 date-time with offset names, when it lies in the range; else empty.
     * Digits finer than a microsecond are dropped, as PostgreSQL keeps microseconds: it would round
     * them instead, and {@code 9999-12-31T23:59:59.9999999Z} would be stored as a year 10000.
     */
    public static Optional<Instant> dateTime(String text) {
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant().truncatedTo(ChronoUnit.MICROS))
                    .filter(DateRange::contains);
        } catch (DateTimeParseException notADateTime) {
            return Optional.empty();
        }
    }

    public static boolean contains(LocalDate date) {
        return !date.isBefore(FIRST_DAY) && !date.isAfter(LAST_DAY);
    }

    /** Whether the instant falls on one of the days of the range in UTC (an offset may move a date-time out of it). */
    public static boolean contains(Instant instant) {
        return !instant.isBefore(START) && instant.isBefore(END);
    }
}
