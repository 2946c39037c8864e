package dev.recaudo.domain.customer;

import java.util.Locale;
import java.util.Optional;

/**
 * The normalized form of a national or tax identifier, used to recognize one customer behind
 * differently written references: letters are upper-cased and everything that is not a letter or
 * a digit (spaces, dots, dashes, slashes) is dropped. {@code "v-12.345.678"} and
 * {@code "V12345678"} are the same identity. The text as received is kept separately and returned
 * unmodified.
 */
public final class TaxIdentity {

    private TaxIdentity() {}

    /** Empty when nothing identifying is left after normalization. */
    public static Optional<String> normalize(String received) {
        if (received == null) {
            return Optional.empty();
        }
        StringBuilder normalized = new StringBuilder(received.length());
        received.toUpperCase(Locale.ROOT).codePoints()
                .filter(Character::isLetterOrDigit)
                .forEach(normalized::appendCodePoint);
        return normalized.length() == 0 ? Optional.empty() : Optional.of(normalized.toString());
    }
}
