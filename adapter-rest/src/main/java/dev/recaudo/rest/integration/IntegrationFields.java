package dev.recaudo.rest.integration;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.Problem;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/** Field rules shared by the integrations request bodies. */
final class IntegrationFields {

    /** The longest partner id (a document's, a payment's, a customer's). */
    static final int ID_MAX = 255;
    /** How the integrations word an absent amount of at least 1, a {@code AmountMinor#whenNull}. */
    static final String AMOUNT_FROM_ONE_REQUIRED = "is required and must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX;

    private IntegrationFields() {}

    /**
     * {@code source} is required and must be the partner of the key. A mismatch is not a typo the
     * client can fix by itself, so it is answered as {@code source_mismatch}, not as validation.
     */
    static void source(String source, KeyPrincipal key, FieldErrors errors) {
        if (source == null || source.isEmpty()) {
            errors.add("source", "is required");
            return;
        }
        if (key.key().source().filter(source::equals).isEmpty()) {
            throw new ApiProblem(Problem.SOURCE_MISMATCH,
                    "source must be the partner of the API key (" + key.key().source().orElse("none") + ")");
        }
    }

    /**
     * The partner a list is about: the key's own by default; a key acting for a partner cannot list
     * another partner's records ({@code forbidden}); a key without a source may name any.
     */
    static Optional<String> listSource(String requested, KeyPrincipal key) {
        Optional<String> named = Optional.ofNullable(requested).map(String::trim).filter(s -> !s.isEmpty());
        if (named.isPresent() && key.key().source().isPresent() && !named.equals(key.key().source())) {
            throw new ApiProblem(Problem.FORBIDDEN, "This API key acts for " + key.key().source().get()
                    + " and cannot list the records of another source");
        }
        return named.or(() -> key.key().source());
    }

    /**
     * The partner whose record a detail reads: the key's own; a key without a source, which lists
     * every partner's records, names the partner of the record with {@code source} (required then).
     */
    static String detailSource(String requested, KeyPrincipal key) {
        return listSource(requested, key).orElseThrow(() -> ApiProblem.validation("source",
                "is required: this API key has no source of its own, so name the partner of the record"));
    }

    /** The partner the key acts for; endpoints about one partner's records refuse keys without one. */
    static String partner(KeyPrincipal key) {
        return key.key().source().orElseThrow(() -> new ApiProblem(Problem.FORBIDDEN,
                "The API key has no source (partner), so it has no partner records"));
    }

    /** A currency filter of a list: any currency Recaudo keeps, in any letter case. */
    static Optional<CurrencyCode> currencyFilter(String text) {
        return Optional.ofNullable(text).map(value -> CurrencyCode.parse(value)
                .orElseThrow(() -> ApiProblem.validation("currency", "is not a currency Recaudo keeps")));
    }

    /**
     * An amount in minor units from {@code min} to {@link Money#AMOUNT_MINOR_MAX}, the maximum that
     * keeps every sum of a request within a {@code long}; reports and answers false otherwise.
     */
    static boolean amountMinor(String field, Long value, long min, FieldErrors errors) {
        if (value != null && value >= min && value <= Money.AMOUNT_MINOR_MAX) {
            return true;
        }
        errors.add(field, (value == null ? "is required and " : "") + "must be an integer from " + min + " to "
                + Money.AMOUNT_MINOR_MAX);
        return false;
    }

    /** An optional text as the request keeps it: blank is absent, the rest trimmed. */
    static Optional<String> kept(String value) {
        return Optional.ofNullable(value).filter(text -> !text.isBlank()).map(String::trim);
    }

    static Optional<String> optionalText(String field, String value, int lengthMax, FieldErrors errors) {
        if (value != null && value.length() > lengthMax && !value.isBlank()) {
            errors.add(field, "must have at most " + lengthMax + " characters");
        }
        return kept(value);
    }

    /**
     * An ISO 8601 date-time with its offset ({@code 2026-11-22T10:00:00Z}, {@code 2026-11-22T06:00:00-04:00})
     * naming an instant within {@link DateRange}.
     */
    static Optional<Instant> dateTime(String field, String value, boolean required, FieldErrors errors) {
        if (value == null || value.isBlank()) {
            if (required) {
                errors.add(field, "is required");
            }
            return Optional.empty();
        }
        Optional<Instant> instant = DateRange.dateTime(value);
        if (instant.isEmpty()) {
            errors.add(field, "must be an ISO 8601 date-time with offset, e.g. 2026-11-22T10:00:00Z, "
                    + DateRange.DATE_TIMES);
        }
        return instant;
    }

    /** A date written {@code YYYY-MM-DD} within {@link DateRange}. */
    static Optional<LocalDate> date(String field, String value, FieldErrors errors) {
        if (value == null || value.isBlank()) {
            errors.add(field, "is required");
            return Optional.empty();
        }
        Optional<LocalDate> date = DateRange.date(value, DateTimeFormatter.ISO_LOCAL_DATE);
        if (date.isEmpty()) {
            errors.add(field, "must be a date written YYYY-MM-DD, " + DateRange.DATES);
        }
        return date;
    }

    static Optional<Instant> queryDateTime(String field, String value) {
        FieldErrors errors = new FieldErrors();
        Optional<Instant> parsed = dateTime(field, value, false, errors);
        errors.throwIfAny();
        return parsed;
    }
}
