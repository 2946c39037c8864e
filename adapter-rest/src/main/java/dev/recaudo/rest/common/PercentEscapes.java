package dev.recaudo.rest.common;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decoding that never gives up on a request's text: each valid {@code %XX} is decoded and a
 * malformed one ({@code %zz}, a {@code %} at the end) is kept as written. A decoder that refuses the
 * whole text over one bad escape would leave {@code rk%5Flive_...%zz} undecoded, and the key's prefix
 * unrecognized by the log's masks. A {@code +} stays a plus sign: in a path it is one, and no check
 * made on a query depends on it being a space.
 */
final class PercentEscapes {

    private PercentEscapes() {}

    /** The text with its valid escapes decoded as UTF-8 and everything else as it is. */
    static String decoded(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        StringBuilder decoded = new StringBuilder(raw.length());
        ByteArrayOutputStream escapedBytes = new ByteArrayOutputStream();
        int i = 0;
        while (i < raw.length()) {
            int escapedByte = escapedByteAt(raw, i);
            if (escapedByte >= 0) {
                escapedBytes.write(escapedByte);
                i += 3;
            } else {
                // A run of escapes is one UTF-8 sequence or more: decoded together, before the next character.
                decoded.append(escapedBytes.toString(StandardCharsets.UTF_8)).append(raw.charAt(i));
                escapedBytes.reset();
                i++;
            }
        }
        return decoded.append(escapedBytes.toString(StandardCharsets.UTF_8)).toString();
    }

    /** The byte a valid {@code %XX} at this index stands for, or -1 when there is none. */
    private static int escapedByteAt(String raw, int index) {
        if (raw.charAt(index) != '%' || index + 2 >= raw.length()) {
            return -1;
        }
        int high = Character.digit(raw.charAt(index + 1), 16);
        int low = Character.digit(raw.charAt(index + 2), 16);
        return high < 0 || low < 0 ? -1 : high * 16 + low;
    }
}
