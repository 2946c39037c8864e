package dev.recaudo.rest.invoice;

import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.JsonBody;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Optional;
import java.util.regex.Pattern;

/** The field rules the create and replace bodies share. */
final class InvoiceFields {

    static final String PHONE_PATTERN = "^\\+[1-9][0-9]{7,14}$";
    static final Pattern PHONE = Pattern.compile(PHONE_PATTERN);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private InvoiceFields() {}

    static Optional<String> phone(JsonBody body) {
        Optional<String> phone = body.text("phone", false, 1, 16);
        if (phone.isPresent() && !PHONE.matcher(phone.get()).matches()) {
            body.errors().add("phone", "must match " + PHONE_PATTERN);
            return Optional.empty();
        }
        return phone;
    }

    /** Outer spaces trimmed; empty or blank is absent; otherwise a valid address of at most 200 characters. */
    static Optional<String> email(JsonBody body) {
        if (!body.has("email")) {
            return Optional.empty();
        }
        if (!body.node().get("email").isTextual()) {
            body.errors().add("email", "must be a string");
            return Optional.empty();
        }
        String email = body.node().get("email").textValue().trim();
        if (email.isEmpty()) {
            return Optional.empty();
        }
        if (!EmailAddress.isValid(email)) {
            body.errors().add("email", "must be a valid e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters");
            return Optional.empty();
        }
        return Optional.of(email);
    }

    /** A real calendar date written YYYY-MM-DD within {@link DateRange}, kept as midnight UTC. */
    static Optional<Instant> dueDate(JsonBody body) {
        if (!body.has("due_date")) {
            return Optional.empty();
        }
        if (!body.node().get("due_date").isTextual()) {
            body.errors().add("due_date", "must be a date written YYYY-MM-DD");
            return Optional.empty();
        }
        Optional<LocalDate> date = DateRange.date(body.node().get("due_date").textValue(), DATE);
        if (date.isEmpty()) {
            body.errors().add("due_date", "must be a real date written YYYY-MM-DD, " + DateRange.DATES);
        }
        return date.map(day -> day.atStartOfDay().toInstant(ZoneOffset.UTC));
    }
}
