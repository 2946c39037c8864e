package dev.recaudo.domain.banktransfer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How a receiving account's CSV statements are read: which header names each field, the decimal
 * separator of amounts, the date format, and the column that marks a line as the reversal of an
 * earlier one. Columns are named by their header text (compared ignoring case and surrounding spaces).
 *
 * @param columns field to header name; a field left out is read from the column of its own name
 * @param decimalSeparator {@code .} or {@code ,}; with {@code ,}, dots and spaces are thousands separators
 * @param dateFormat one of {@link #DATE_FORMATS}
 * @param reversalColumn the header of a column whose {@code true}/{@code 1}/{@code yes}/{@code si}/{@code x} marks a reversal
 */
public record CsvMapping(Map<String, String> columns, char decimalSeparator, String dateFormat, Optional<String> reversalColumn) {

    /** The fields a CSV line has, the first three required. */
    public static final List<String> FIELDS = List.of("date", "amount", "currency", "reference", "bank_reference",
            "payer_name", "payer_id", "description");
    public static final List<String> DATE_FORMATS = List.of("yyyy-MM-dd", "dd/MM/yyyy", "MM/dd/yyyy", "dd.MM.yyyy",
            "dd-MM-yyyy", "yyyy/MM/dd");
    public static final int HEADER_LENGTH_MAX = 100;

    /** The mapping of an account that has none: every field under its own name, {@code .} and ISO dates. */
    public static final CsvMapping DEFAULT = new CsvMapping(Map.of(), '.', "yyyy-MM-dd", Optional.empty());

    public CsvMapping {
        columns = Map.copyOf(columns);
        reversalColumn = reversalColumn.map(String::trim);
        Optional<String> problem = problem(columns, decimalSeparator, dateFormat, reversalColumn);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
    }

    /** What is wrong with such a mapping, if anything: the field it concerns, a colon, and why. */
    public static Optional<String> problem(Map<String, String> columns, char decimalSeparator, String dateFormat,
            Optional<String> reversalColumn) {
        for (Map.Entry<String, String> column : columns.entrySet()) {
            if (!FIELDS.contains(column.getKey())) {
                return Optional.of("columns: unknown field '" + column.getKey() + "' (fields: " + FIELDS + ")");
            }
            if (!isHeader(column.getValue())) {
                return Optional.of("columns." + column.getKey() + ": must be 1-" + HEADER_LENGTH_MAX + " characters");
            }
        }
        if (decimalSeparator != '.' && decimalSeparator != ',') {
            return Optional.of("decimalSeparator: must be '.' or ','");
        }
        if (!DATE_FORMATS.contains(dateFormat)) {
            return Optional.of("dateFormat: must be one of " + DATE_FORMATS);
        }
        if (reversalColumn.isPresent() && !isHeader(reversalColumn.get())) {
            return Optional.of("reversalColumn: must be 1-" + HEADER_LENGTH_MAX + " characters");
        }
        Map<String, String> seen = new LinkedHashMap<>();
        for (String field : FIELDS) {
            String header = key(header(columns, field));
            if (seen.putIfAbsent(header, field) != null) {
                return Optional.of("columns." + field + ": the header '" + header + "' already names " + seen.get(header));
            }
        }
        if (reversalColumn.isPresent() && seen.containsKey(key(reversalColumn.get()))) {
            return Optional.of("reversalColumn: the header already names " + seen.get(key(reversalColumn.get())));
        }
        return Optional.empty();
    }

    /** The header that names {@code field}. */
    public String header(String field) {
        return header(columns, field);
    }

    /** A header as compared: trimmed, lower case. */
    public static String key(String header) {
        return header.trim().toLowerCase(Locale.ROOT);
    }

    private static String header(Map<String, String> columns, String field) {
        return columns.getOrDefault(field, field);
    }

    private static boolean isHeader(String text) {
        return text != null && !text.isBlank() && text.trim().length() <= HEADER_LENGTH_MAX
                && text.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    }
}
