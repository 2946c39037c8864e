package dev.recaudo.rest.common;

import java.util.Optional;

/**
 * Rules for text a client chose (docs/decisions.md, "Text and dates in requests"). Stored text may not hold
 * what PostgreSQL cannot keep: the NUL character, which it refuses, and a lone UTF-16 surrogate,
 * which becomes {@code ?} on its way in, so that two different values would be stored as one. Paths
 * and queries may not hold control characters at all. And client text is written to the log only
 * escaped, so that a line break in it cannot forge a log line.
 */
public final class ClientText {

    private ClientText() {}

    /** Why the text cannot be stored as sent, or empty when it can. */
    public static Optional<String> unstorable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return Optional.of("must not contain the NUL character (U+0000)");
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a pair: one character beyond U+FFFF
            } else if (Character.isSurrogate(c)) {
                return Optional.of("must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF without its pair)");
            }
        }
        return Optional.empty();
    }

    /** U+0000 to U+001F and U+007F: refused in paths and queries, escaped in logs. */
    public static boolean isControl(int c) {
        return c < 0x20 || c == 0x7F;
    }

    /**
     * The text as the log may show it, on one line and without credentials: a word shaped like a
     * key, a webhook secret or a token becomes {@code ***} ({@link SecretShapes#masked}); control
     * characters (C0, DEL and C1) and the Unicode line and paragraph separators are written as a
     * backslash, {@code u} and four hex digits, and a backslash as two, so that neither a client's
     * line break nor text that merely looks like an escape can pass for a line of our own.
     */
    public static String forLog(String text) {
        if (text == null) {
            return "null";
        }
        String masked = SecretShapes.masked(text);
        StringBuilder escaped = new StringBuilder(masked.length());
        for (int i = 0; i < masked.length(); i++) {
            char c = masked.charAt(i);
            if (c == '\\') {
                escaped.append("\\\\");
            } else if (isControl(c) || (c >= 0x80 && c <= 0x9F) || c == '\u2028' || c == '\u2029') {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
