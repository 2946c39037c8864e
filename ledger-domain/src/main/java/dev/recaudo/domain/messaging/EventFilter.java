package dev.recaudo.domain.messaging;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the events query selects: {@code receivedAt} from {@code from} (inclusive) to {@code before}
 * (exclusive), either open; a recipient phone whose digits contain {@code phoneDigits}; and one status.
 *
 * <p>Phones are compared digits with digits: partners write the spec's format ({@code +58 412...}),
 * the provider reports {@code 58412...}, and neither the plus sign nor spaces or dashes tell two
 * numbers apart. A phone filter without a single digit ({@code phoneDigits} empty) matches no event.
 */
public record EventFilter(Optional<Instant> from, Optional<Instant> before, Optional<String> phoneDigits,
        Optional<MessageStatus> status) {

    public EventFilter {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(phoneDigits, "phoneDigits");
        Objects.requireNonNull(status, "status");
        if (phoneDigits.isPresent() && !phoneDigits.get().equals(digitsOf(phoneDigits.get()))) {
            throw new IllegalArgumentException("phoneDigits holds the digits 0-9 only");
        }
    }

    /** The ASCII digits of {@code phone}, in order; every other character (a plus sign, a space, a dash) is left out. */
    public static String digitsOf(String phone) {
        StringBuilder digits = new StringBuilder(phone.length());
        phone.chars().filter(c -> c >= '0' && c <= '9').forEach(c -> digits.append((char) c));
        return digits.toString();
    }

    /** Whether the filter rules out every event whatever is stored: a phone filter without digits. */
    public boolean matchesNothing() {
        return phoneDigits.filter(String::isEmpty).isPresent();
    }
}
