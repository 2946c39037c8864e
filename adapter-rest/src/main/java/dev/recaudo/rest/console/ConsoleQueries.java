package dev.recaudo.rest.console;

import dev.recaudo.domain.money.CurrencyCode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reading the console's query parameters (filters, days) and writing them back into a link. */
final class ConsoleQueries {

    private ConsoleQueries() {}

    /** An absent or empty parameter is no filter. */
    static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** A day written {@code YYYY-MM-DD}; empty when absent or unreadable. */
    static Optional<LocalDate> day(String text) {
        try {
            return text == null || text.isBlank() || text.length() > 10 ? Optional.empty() : Optional.of(LocalDate.parse(text));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** Options of a filter's select ({@code console-select.html}) whose names are their values. */
    static List<Map<String, String>> options(List<String> values) {
        return values.stream().map(value -> Map.of("value", value, "name", value)).toList();
    }

    /** The currencies a filter offers, in code order. */
    static List<Map<String, String>> currencies() {
        return options(Arrays.stream(CurrencyCode.values()).map(Enum::name).sorted().toList());
    }

    /** {@code parameters} with a value, as a query string. */
    static String query(Map<String, String> parameters) {
        return parameters.entrySet().stream().filter(entry -> entry.getValue() != null)
                .map(entry -> entry.getKey() + "=" + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
