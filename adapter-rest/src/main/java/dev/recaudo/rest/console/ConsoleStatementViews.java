package dev.recaudo.rest.console;

import dev.recaudo.application.report.CustomerStatementUseCase.Account;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/** A statement of account as the console's page reads it, and the words its files share. */
final class ConsoleStatementViews {

    private static final DateTimeFormatter BOOKED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private ConsoleStatementViews() {}

    static List<Map<String, Object>> accounts(Statement.Shown statement, ConsoleTexts texts) {
        ZoneId zone = statement.timeZone();
        return statement.accounts().stream().map(account -> Map.<String, Object>of("currency", account.currency().name(),
                "opening", amount(account, account.openingMinor(), texts), "closing", amount(account, account.closingMinor(), texts),
                "lines", account.lines().stream().map(line -> Map.<String, Object>of("id", line.entryId(),
                        "booked", BOOKED.format(line.bookedAt()),
                        "value", line.valueAt().map(at -> LocalDate.ofInstant(at, zone).toString()).orElse(""),
                        "reason", reason(line.kind(), texts), "document", line.document().orElse(""), "payment", line.payment().orElse(""),
                        "charge", line.amountMinor() > 0 ? amount(account, line.amountMinor(), texts) : "",
                        "credit", line.amountMinor() < 0 ? amount(account, -line.amountMinor(), texts) : "",
                        "balance", amount(account, line.balanceMinor(), texts))).toList())).toList();
    }

    static String reason(TransferKind kind, ConsoleTexts texts) {
        return texts.word(switch (kind) {
            case DOCUMENT_ISSUED -> "reasonIssued";
            case DOCUMENT_ADJUSTED -> "reasonAdjusted";
            case DOCUMENT_ANNULLED -> "reasonAnnulled";
            case PAYMENT_RECEIVED -> "reasonReceived";
            case PAYMENT_APPLIED -> "reasonApplied";
            case CREDIT_CREATED -> "reasonCredit";
            case CURRENCY_CONVERTED -> "reasonConverted";
            case REFUND_TAKEN, REFUND_PAID_OUT, REFUND_PUT_BACK -> "reasonRefund";
            case PROCESSOR_FEE -> "reasonFee";
        });
    }

    static String zoneName(ZoneId zone) {
        return zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    private static String amount(Account account, long minor, ConsoleTexts texts) {
        return texts.amount(Money.of(minor, account.currency()));
    }
}
