package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.StatementLine;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How far a statement credit bears out a payer's report: the bank reference (the report's is the
 * statement's, or one ends with the other when a bank prints fewer digits), the payer's phone in
 * what the bank says of the payer, the exact amount, and the date (booked from the reported day to
 * {@link #DAYS_AFTER} days later, or the day before for time zones). {@link #confirms()} only with
 * the reference, the amount and the date.
 */
public record ClaimEvidence(boolean reference, boolean phone, boolean amount, boolean date) {

    /** Days a bank may take to book an instant payment reported on a given day. */
    static final int DAYS_AFTER = 5;

    /** Shortest bank reference compared by its end: shorter ones would match by chance. */
    static final int SUFFIX_MIN = 6;

    /** Phone digits compared: the subscriber number without country or trunk prefix. */
    static final int PHONE_DIGITS = 7;

    public static ClaimEvidence of(PayerReport report, StatementLine line) {
        return new ClaimEvidence(referenceMatches(report.bankReference(), line), phoneMatches(report.phone(), line),
                line.amount().equals(report.amount()), dateMatches(report.paidOn(), line));
    }

    /** The statement line confirms the report: the checkout may be paid by it. */
    public boolean confirms() {
        return reference && amount && date;
    }

    /** Worth a person's look: the reference, or the phone with the amount. */
    public boolean proposes() {
        return reference || (phone && amount);
    }

    public int confidence() {
        return Math.min(90, (reference ? 40 : 0) + (phone ? 25 : 0) + (amount ? 20 : 0) + (date ? 10 : 0));
    }

    /** What matched and what did not, for the proposal's reason. */
    public String describe() {
        List<String> matched = new ArrayList<>();
        List<String> differs = new ArrayList<>();
        (reference ? matched : differs).add("bank reference");
        (phone ? matched : differs).add("phone");
        (amount ? matched : differs).add("amount");
        (date ? matched : differs).add("date");
        return String.join(", ", matched) + " match" + (differs.isEmpty() ? "" : "; " + String.join(", ", differs) + " differ");
    }

    static String alphanumeric(String text) {
        return text.replaceAll("[^A-Za-z0-9]", "").toUpperCase(Locale.ROOT);
    }

    private static boolean referenceMatches(String reported, StatementLine line) {
        if (reported.isEmpty()) {
            return false;
        }
        Stream<String> said = Stream.concat(Stream.of(line.bankReference(), line.endToEndId()).flatMap(Optional::stream),
                Stream.of(line.remittance().split("[\\s,;:/|]+")));
        return said.map(ClaimEvidence::alphanumeric).filter(token -> !token.isEmpty())
                .anyMatch(token -> token.equals(reported) || sharesEnd(token, reported));
    }

    private static boolean sharesEnd(String one, String other) {
        String shorter = one.length() <= other.length() ? one : other;
        String longer = shorter == one ? other : one;
        return shorter.length() >= SUFFIX_MIN && longer.endsWith(shorter);
    }

    private static boolean phoneMatches(String reported, StatementLine line) {
        if (reported.length() < PHONE_DIGITS) {
            return false;
        }
        String subscriber = reported.substring(reported.length() - PHONE_DIGITS);
        return Stream.of(Optional.of(line.remittance()), line.payerId(), line.payerName(), line.endToEndId())
                .flatMap(Optional::stream).map(text -> text.replaceAll("[^0-9]", "")).anyMatch(digits -> digits.contains(subscriber));
    }

    private static boolean dateMatches(LocalDate reported, StatementLine line) {
        LocalDate booked = line.valueDate().orElse(line.bookingDate());
        long days = ChronoUnit.DAYS.between(reported, booked);
        return days >= -1 && days <= DAYS_AFTER;
    }
}
