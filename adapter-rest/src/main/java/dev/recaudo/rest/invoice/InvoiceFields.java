package dev.recaudo.rest.invoice;

import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.JsonBody;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Optional;

/** The fields the create and replace bodies read alike from the JSON tree, before their records are checked. */
final class InvoiceFields {

    static final String PHONE_PATTERN = "^\\+[1-9][0-9]{7,14}$";
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private InvoiceFields() {}

    /** Outer spaces trimmed, and empty is absent: the address itself is the record's rule. */
    static String email(JsonBody body) {
        String email = body.string("email");
        return email == null || email.trim().isEmpty() ? null : email.trim();
    }

    /** A real calendar date written YYYY-MM-DD within {@link DateRange}; anything else is the field's problem. */
    static LocalDate dueDate(JsonBody body) {
        if (!body.has("due_date")) {
            return null;
        }
        if (!body.node().get("due_date").isTextual()) {
            body.errors().add("due_date", "must be a date written YYYY-MM-DD");
            return null;
        }
        Optional<LocalDate> date = DateRange.date(body.node().get("due_date").textValue(), DATE);
        if (date.isEmpty()) {
            body.errors().add("due_date", "must be a real date written YYYY-MM-DD, " + DateRange.DATES);
        }
        return date.orElse(null);
    }

    /** The due date as the core keeps it, midnight UTC. */
    static Optional<Instant> dueAt(LocalDate dueDate) {
        return Optional.ofNullable(dueDate).map(day -> day.atStartOfDay().toInstant(ZoneOffset.UTC));
    }
}
