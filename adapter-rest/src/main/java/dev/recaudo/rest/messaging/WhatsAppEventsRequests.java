package dev.recaudo.rest.messaging;

import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.MessageStatus;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.FieldErrors;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The query of {@code GET /v1/whatsapp/events}, checked and read into a filter and a page (docs/reference/messaging.md). */
final class WhatsAppEventsRequests {

    static final long PAGE_MAX = 90_071_992_547_409L;
    static final int LIMIT_MAX = 100;
    static final int LIMIT_DEFAULT = 20;
    static final int PHONE_MAX = 64;
    /** ISO 8601 with seconds (fractions allowed) and a zone: {@code Z} or {@code ±hh:mm}. */
    private static final Pattern DATE_TIME =
            Pattern.compile("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$");

    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

    private WhatsAppEventsRequests() {}

    /** The query as sent, every parameter optional. */
    record EventsQuery(String dateFrom, String dateTo, String recipientPhone, String status, String page, String limit,
            String companyId, String attribution) {}

    /** What the query asks for: the events the filter selects, page {@code page} of {@code limit} events. */
    record EventsRequest(EventFilter filter, long page, int limit) {}

    /** Every problem of the query at once, as the public family's validation error. */
    static EventsRequest read(EventsQuery query) {
        FieldErrors errors = new FieldErrors();
        if (query.companyId() != null) {
            errors.add("companyId", "is not accepted: the company is the key's");
        }
        if (query.attribution() != null) {
            errors.add("attribution", "is not accepted: events cover every confirmed origin of the company");
        }
        Optional<Instant> from = dateTime(errors, "dateFrom", query.dateFrom());
        Optional<Instant> to = dateTime(errors, "dateTo", query.dateTo());
        if (from.isPresent() && to.isPresent() && to.get().isBefore(from.get())) {
            errors.add("dateTo", "must be equal to or later than dateFrom");
        }
        String phone = query.recipientPhone();
        if (phone != null && (phone.isEmpty() || phone.length() > PHONE_MAX)) {
            errors.add("recipientPhone", "must have 1 to " + PHONE_MAX + " characters");
        }
        Optional<MessageStatus> status = Optional.ofNullable(query.status()).flatMap(MessageStatus::fromWireName);
        if (query.status() != null && status.isEmpty()) {
            errors.add("status", "must be sent, delivered, read or failed");
        }
        long page = number(errors, "page", query.page(), PAGE_MAX, 1);
        int limit = (int) number(errors, "limit", query.limit(), LIMIT_MAX, LIMIT_DEFAULT);
        errors.throwIfAny();
        Optional<Instant> before = to.map(end -> end.plus(lastDigit(query.dateTo())));
        return new EventsRequest(new EventFilter(from, before, Optional.ofNullable(phone).map(EventFilter::digitsOf), status),
                page, limit);
    }

    /**
     * What the last digit of a date-time's seconds is worth: {@code dateTo} is inclusive at the
     * precision it is written in, so {@code 12:00:00Z} takes in the whole of that second and
     * {@code 12:00:00.7Z} the whole of that tenth. Digits finer than a microsecond are dropped, as
     * {@link DateRange#dateTime} drops them, so they leave the microsecond they name.
     */
    private static Duration lastDigit(String dateTime) {
        Matcher parts = DATE_TIME.matcher(dateTime);
        if (!parts.matches() || parts.group(1) == null) {
            return Duration.ofSeconds(1);
        }
        int fractionDigits = Math.min(parts.group(1).length() - 1, 6);
        return Duration.of(POWERS_OF_TEN[6 - fractionDigits], ChronoUnit.MICROS);
    }

    private static Optional<Instant> dateTime(FieldErrors errors, String name, String text) {
        if (text == null) {
            return Optional.empty();
        }
        Optional<Instant> instant = DATE_TIME.matcher(text).matches() ? DateRange.dateTime(text) : Optional.empty();
        if (instant.isEmpty()) {
            errors.add(name, "must be an ISO 8601 date-time with seconds and a time zone (2026-05-01T00:00:00Z), "
                    + DateRange.DATE_TIMES);
        }
        return instant;
    }

    private static long number(FieldErrors errors, String name, String text, long max, long absent) {
        if (text == null) {
            return absent;
        }
        if (text.matches("[0-9]{1,15}")) {
            long value = Long.parseLong(text);
            if (value >= 1 && value <= max) {
                return value;
            }
        }
        errors.add(name, "must be an integer from 1 to " + max);
        return absent;
    }
}
