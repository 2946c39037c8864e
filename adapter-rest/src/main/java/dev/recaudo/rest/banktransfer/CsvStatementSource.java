package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.StatementSource;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A CSV statement (RFC 4180 quoting, comma separated, UTF-8), read line by line. Its first line
 * names the columns; the account's {@link CsvMapping} says which header names each field (by default
 * its own name: {@code date}, {@code amount} (signed: negative is a debit), {@code currency},
 * {@code reference}, {@code bank_reference}, {@code payer_name}, {@code payer_id} and
 * {@code description}, the first three required), the decimal separator, the date format and the
 * column marking a reversal; no field is longer than a camt.053 text
 * ({@link CamtStatementSource#TEXT_MAX}). A CSV file names no statement nor balance: the importer
 * gives its statement id, and no gap can be checked.
 */
final class CsvStatementSource implements StatementSource {

    static final List<String> REQUIRED = List.of("date", "amount", "currency");
    static final List<String> COLUMNS = CsvMapping.FIELDS;
    static final String REVERSAL = "reversal";
    private static final java.util.Set<String> TRUE = java.util.Set.of("true", "1", "yes", "y", "si", "sí", "s", "x");

    private final BufferedReader reader;
    private final String statementId;
    private final Map<String, Integer> columns = new HashMap<>();
    private final CsvMapping mapping;
    private final DateTimeFormatter dates;
    private long lineNumber;

    CsvStatementSource(InputStream body, String statementId) {
        this(body, statementId, CsvMapping.DEFAULT);
    }

    CsvStatementSource(InputStream body, String statementId, CsvMapping mapping) {
        this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        this.statementId = statementId;
        this.mapping = mapping;
        this.dates = DateTimeFormatter.ofPattern(mapping.dateFormat().replace("yyyy", "uuuu"), Locale.ROOT)
                .withResolverStyle(ResolverStyle.STRICT);
    }

    @Override
    public StatementHeader header() {
        String first = readLine().orElseThrow(() -> new Malformed(1, "the file is empty; its first line names the columns"));
        List<String> names = fields(first.startsWith("\uFEFF") ? first.substring(1) : first);
        Map<String, String> fieldOf = new HashMap<>();
        COLUMNS.forEach(field -> fieldOf.put(CsvMapping.key(mapping.header(field)), field));
        mapping.reversalColumn().ifPresent(header -> fieldOf.put(CsvMapping.key(header), REVERSAL));
        for (int i = 0; i < names.size(); i++) {
            String field = fieldOf.get(CsvMapping.key(names.get(i)));
            if (field != null) {
                columns.putIfAbsent(field, i);
            }
        }
        for (String required : REQUIRED) {
            if (!columns.containsKey(required)) {
                throw new Malformed(1, "the header has no column '" + StatementAmounts.clip(mapping.header(required))
                        + "' for " + required + " (columns: " + COLUMNS.stream().map(mapping::header).toList() + ")");
            }
        }
        return new StatementHeader(statementId, Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Override
    public Optional<StatementLine> next() {
        Optional<String> text = readLine();
        while (text.isPresent() && text.get().isBlank()) {
            text = readLine();
        }
        if (text.isEmpty()) {
            return Optional.empty();
        }
        List<String> fields = fields(text.get());
        CurrencyCode currency = StatementAmounts.currency(field(fields, "currency"), lineNumber);
        long signed = StatementAmounts.minor(amountText(field(fields, "amount")), currency, lineNumber);
        if (signed == 0) {
            throw new Malformed(lineNumber, "amount must not be 0");
        }
        String remittance = String.join(" ", optional(fields, "reference").orElse(""),
                optional(fields, "description").orElse("")).trim();
        boolean reversal = optional(fields, REVERSAL).map(mark -> TRUE.contains(mark.toLowerCase(Locale.ROOT))).orElse(false);
        return Optional.of(new StatementLine((int) lineNumber, Money.of(Math.abs(signed), currency), signed > 0, reversal,
                date(field(fields, "date")), Optional.empty(), optional(fields, "bank_reference"),
                Optional.empty(), remittance, optional(fields, "payer_name"), optional(fields, "payer_id")));
    }

    /** The amount as decimal-point text: with a decimal comma, dots and spaces group thousands. */
    private String amountText(String text) {
        if (mapping.decimalSeparator() == '.') {
            return text;
        }
        if (text.chars().filter(c -> c == ',').count() > 1) {
            throw new Malformed(lineNumber, "amount '" + StatementAmounts.clip(text) + "' has more than one decimal comma");
        }
        return text.replace(".", "").replace("\u00a0", "").replace(" ", "").replace(',', '.');
    }

    private LocalDate date(String text) {
        if (CsvMapping.DEFAULT.dateFormat().equals(mapping.dateFormat())) {
            return StatementAmounts.date(text, lineNumber);
        }
        try {
            return LocalDate.parse(text.trim(), dates);
        } catch (DateTimeParseException bad) {
            throw new Malformed(lineNumber, "date '" + StatementAmounts.clip(text) + "' is not a date " + mapping.dateFormat());
        }
    }

    private String field(List<String> fields, String column) {
        return optional(fields, column).orElseThrow(() -> new Malformed(lineNumber, "column '" + column + "' is empty"));
    }

    private Optional<String> optional(List<String> fields, String column) {
        Integer at = columns.get(column);
        if (at == null || at >= fields.size()) {
            return Optional.empty();
        }
        String value = fields.get(at).trim();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private Optional<String> readLine() {
        try {
            String line = reader.readLine();
            if (line != null) {
                lineNumber++;
            }
            return Optional.ofNullable(line);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    /** The fields of one line: quoted fields may hold commas and doubled quotes, not line breaks. */
    private List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
            } else if (c == ',') {
                fields.add(bounded(field));
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new Malformed(lineNumber, "a quoted field is not closed on its line");
        }
        fields.add(bounded(field));
        return fields;
    }

    /** A field within the bound a camt.053 text has, so that what is kept (an identity, a remittance) fits. */
    private String bounded(StringBuilder field) {
        if (field.length() > CamtStatementSource.TEXT_MAX) {
            throw new Malformed(lineNumber, "a field is longer than " + CamtStatementSource.TEXT_MAX + " characters");
        }
        return field.toString();
    }
}
