package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.StatementSource.Malformed;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What {@link CamtStatementSource} gathers of a balance and of an entry while it reads their elements. */
final class CamtParts {

    private CamtParts() {}

    static final class Balance {
        String type;
        String amount;
        String currency;
        boolean debit;

        long minor(long line) {
            if (amount == null) {
                throw new Malformed(line, "a balance has no amount");
            }
            long minor = StatementAmounts.minor(amount, StatementAmounts.currency(currency, line), line);
            return debit ? -minor : minor;
        }
    }

    static final class Entry {
        String amount;
        String currency;
        boolean credit;
        String direction;
        boolean reversal;
        LocalDate booking;
        LocalDate valueDate;
        String bankReference;
        String endToEndId;
        final List<String> remittance = new ArrayList<>();
        String payerName;
        String payerId;

        StatementLine line(int number, long line) {
            if (amount == null || direction == null || booking == null) {
                throw new Malformed(line, "entry " + number + " needs Amt, CdtDbtInd and BookgDt");
            }
            if (!direction.equals("CRDT") && !direction.equals("DBIT")) {
                throw new Malformed(line, "entry " + number + ": CdtDbtInd must be CRDT or DBIT");
            }
            CurrencyCode code = StatementAmounts.currency(currency, line);
            return new StatementLine(number, StatementAmounts.positive(amount, code, line), credit, reversal, booking,
                    Optional.ofNullable(valueDate), present(bankReference), present(endToEndId),
                    String.join(" ", remittance), present(payerName), present(payerId));
        }
    }

    private static Optional<String> present(String value) {
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }
}
