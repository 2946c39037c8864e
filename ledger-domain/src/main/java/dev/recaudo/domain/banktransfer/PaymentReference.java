package dev.recaudo.domain.banktransfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference a payer types into the bank's transfer form: {@code RC}, nine digits and two
 * check digits of ISO 7064 MOD 97-10 (the IBAN's), 13 characters. The check digits detect every
 * single mistyped digit and every swap of two adjacent digits, so a mistyped reference never
 * matches another checkout: it is found as a candidate with a bad check and proposed, not applied.
 *
 * @param value the canonical form: upper case, no separators
 */
public record PaymentReference(String value) {

    public static final String PREFIX = "RC";
    public static final int SERIAL_DIGITS = 9;
    public static final long SERIAL_MAX = 999_999_999L;

    /** RC, then eleven digits that banks and payers may have split with spaces, dots or hyphens. */
    private static final Pattern CANDIDATE = Pattern.compile("(?i)(?<![A-Z0-9])RC[\\s.-]?((?:\\d[\\s.-]?){10}\\d)(?![0-9])");

    public PaymentReference {
        Objects.requireNonNull(value, "value");
        if (!value.startsWith(PREFIX) || value.length() != PREFIX.length() + SERIAL_DIGITS + 2
                || !value.substring(PREFIX.length()).chars().allMatch(c -> c >= '0' && c <= '9')
                || mod97(value.substring(PREFIX.length())) != 1) {
            throw new IllegalArgumentException("not a valid payment reference");
        }
    }

    /** The reference of a serial number from 0 to {@link #SERIAL_MAX}. */
    public static PaymentReference ofSerial(long serial) {
        if (serial < 0 || serial > SERIAL_MAX) {
            throw new IllegalArgumentException("serial out of range: " + serial);
        }
        String digits = String.format(Locale.ROOT, "%09d", serial);
        int check = 98 - mod97(digits + "00");
        return new PaymentReference(PREFIX + digits + String.format(Locale.ROOT, "%02d", check));
    }

    /** A typed reference, in any letter case, with or without separators; empty unless its check digits hold. */
    public static Optional<PaymentReference> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher matcher = CANDIDATE.matcher(text.trim());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return valid(matcher.group(1));
    }

    /** Everything in a free text (a transfer's remittance line) shaped like a reference, valid or not, in order. */
    public static List<Candidate> candidatesIn(String text) {
        List<Candidate> found = new ArrayList<>();
        if (text == null) {
            return found;
        }
        Matcher matcher = CANDIDATE.matcher(text);
        while (matcher.find()) {
            String digits = matcher.group(1).replaceAll("[\\s.-]", "");
            found.add(new Candidate(PREFIX + digits, valid(matcher.group(1))));
        }
        return found;
    }

    /** The first valid reference in a free text. */
    public static Optional<PaymentReference> findIn(String text) {
        return candidatesIn(text).stream().flatMap(candidate -> candidate.reference().stream()).findFirst();
    }

    /**
     * Something shaped like a reference in a text: {@code reference} is empty when its check digits
     * fail (a mistyped reference), and {@code text} is what was typed, separators removed.
     */
    public record Candidate(String text, Optional<PaymentReference> reference) {}

    @Override
    public String toString() {
        return value;
    }

    private static Optional<PaymentReference> valid(String digitsWithSeparators) {
        String digits = digitsWithSeparators.replaceAll("[\\s.-]", "");
        return mod97(digits) == 1 ? Optional.of(new PaymentReference(PREFIX + digits)) : Optional.empty();
    }

    /** The remainder of the decimal number {@code digits} by 97, digit by digit (no overflow at any length). */
    private static int mod97(String digits) {
        int remainder = 0;
        for (int i = 0; i < digits.length(); i++) {
            remainder = (remainder * 10 + (digits.charAt(i) - '0')) % 97;
        }
        return remainder;
    }
}
