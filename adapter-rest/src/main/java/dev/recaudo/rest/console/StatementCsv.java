package dev.recaudo.rest.console;

import dev.recaudo.application.report.CustomerStatementUseCase.Account;
import dev.recaudo.application.report.CustomerStatementUseCase.Line;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A statement of account as CSV (RFC 4180, UTF-8): one row per entry with the balance it leaves, and
 * an opening and a closing row per currency. Amounts are plain decimals in the currency's minor digits,
 * for a spreadsheet to add up. A cell a spreadsheet would take for a formula (starting with
 * {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return) is written behind a
 * {@code '}, so a partner's text cannot run in the reader's spreadsheet; a plain number the service
 * wrote ({@code -10.00}) is no formula and stays a number.
 */
final class StatementCsv {

    static final List<String> HEADER = List.of("currency", "entry_id", "booked_at", "value_date", "reason", "document", "payment",
            "charge", "credit", "balance");
    private static final DateTimeFormatter BOOKED = DateTimeFormatter.ISO_INSTANT;
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

    private StatementCsv() {}

    static String of(Statement.Shown statement) {
        StringBuilder csv = new StringBuilder();
        row(csv, HEADER);
        ZoneId zone = statement.timeZone();
        for (Account account : statement.accounts()) {
            int digits = account.currency().minorUnitDigits();
            String currency = account.currency().name();
            row(csv, List.of(currency, "", "", statement.from().map(LocalDate::toString).orElse(""), "opening_balance", "", "", "", "",
                    decimal(account.openingMinor(), digits)));
            for (Line line : account.lines()) {
                row(csv, List.of(currency, Long.toString(line.entryId()), BOOKED.format(line.bookedAt()),
                        line.valueAt().map(at -> LocalDate.ofInstant(at, zone).toString()).orElse(""),
                        line.kind().name().toLowerCase(Locale.ROOT), line.document().orElse(""), line.payment().orElse(""),
                        line.amountMinor() > 0 ? decimal(line.amountMinor(), digits) : "",
                        line.amountMinor() < 0 ? decimal(-line.amountMinor(), digits) : "", decimal(line.balanceMinor(), digits)));
            }
            row(csv, List.of(currency, "", "", statement.through().toString(), "closing_balance", "", "", "", "",
                    decimal(account.closingMinor(), digits)));
        }
        return csv.toString();
    }

    /** The text of a cell, defused and quoted as needed. */
    static String cell(String value) {
        boolean formula = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 && !NUMBER.matcher(value).matches();
        String defused = formula ? "'" + value : value;
        boolean quoted = Stream.of(",", "\"", "\n", "\r").anyMatch(defused::contains);
        return quoted ? "\"" + defused.replace("\"", "\"\"") + "\"" : defused;
    }

    private static void row(StringBuilder csv, List<String> cells) {
        csv.append(cells.stream().map(StatementCsv::cell).collect(Collectors.joining(","))).append("\r\n");
    }

    private static String decimal(long minor, int digits) {
        return BigDecimal.valueOf(minor, digits).toPlainString();
    }
}
