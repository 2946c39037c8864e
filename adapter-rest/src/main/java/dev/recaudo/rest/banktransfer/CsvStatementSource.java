package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.StatementSource;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A CSV statement (RFC 4180 quoting, comma separated, UTF-8), read line by line. Its first line
 * names the columns; the default mapping reads {@code date}, {@code amount} (signed: negative is a
 * debit), {@code currency}, {@code reference}, {@code bank_reference}, {@code payer_name},
 * {@code payer_id} and {@code description}, the first three required; no field is longer than a
 * camt.053 text ({@link CamtStatementSource#TEXT_MAX}). A CSV file names no statement
 * nor balance: the importer gives its statement id, and no gap can be checked.
 */
final class CsvStatementSource implements StatementSource {

    static final List<String> REQUIRED = List.of("date", "amount", "currency");
    static final List<String> COLUMNS = List.of("date", "amount", "currency", "reference", "bank_reference", "payer_name",
            "payer_id", "description");

    private final BufferedReader reader;
    private final String statementId;
    private final Map<String, Integer> columns = new HashMap<>();
    private long lineNumber;

    CsvStatementSource(InputStream body, String statementId) {
        this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        this.statementId = statementId;
    }

    @Override
    public StatementHeader header() {
        String first = readLine().orElseThrow(() -> new Malformed(1, "the file is empty; its first line names the columns"));
        List<String> names = fields(first.startsWith("\uFEFF") ? first.substring(1) : first);
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).trim().toLowerCase(Locale.ROOT);
            if (COLUMNS.contains(name)) {
                columns.putIfAbsent(name, i);
            }
        }
        for (String required : REQUIRED) {
            if (!columns.containsKey(required)) {
                throw new Malformed(1, "the header has no column '" + required + "' (columns: " + COLUMNS + ")");
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
        long signed = StatementAmounts.minor(field(fields, "amount"), currency, lineNumber);
        if (signed == 0) {
            throw new Malformed(lineNumber, "amount must not be 0");
        }
        String remittance = String.join(" ", optional(fields, "reference").orElse(""),
                optional(fields, "description").orElse("")).trim();
        return Optional.of(new StatementLine((int) lineNumber, Money.of(Math.abs(signed), currency), signed > 0, false,
                StatementAmounts.date(field(fields, "date"), lineNumber), Optional.empty(), optional(fields, "bank_reference"),
                Optional.empty(), remittance, optional(fields, "payer_name"), optional(fields, "payer_id")));
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
