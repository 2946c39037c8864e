package dev.recaudo.rest.common;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The shapes of credentials that must never reach a log, whatever a client called them or wherever
 * it put them: Recaudo's API keys ({@code rk_live_}, {@code rk_test_}), webhook secrets
 * ({@code whsec_}) and JSON Web Tokens (Recaudo's admin and checkout tokens among them). A partner
 * who pastes a key where an id belongs, or a checkout token where a SKU belongs, sends it in a path;
 * the logs mask it there as they do in a query string (docs/decisions.md, "Access log").
 */
public final class SecretShapes {

    /** What a masked value is written as. */
    public static final String MASK = "***";

    /** The prefix of a webhook secret, whose standard base64 may hold {@code /}, {@code +} and {@code =}. */
    private static final String WEBHOOK_SECRET_PREFIX = "whsec_";
    /** Recaudo's API keys (base62) and webhook secrets, recognizable wherever they appear (any letter case). */
    private static final List<String> PREFIXES = List.of("rk_live_", "rk_test_", WEBHOOK_SECRET_PREFIX);
    /**
     * A JSON Web Token begins with its base64url JSON header, {@code {"} being {@code eyJ}; Recaudo's
     * admin and checkout tokens all do. Found at the start of any word.
     */
    private static final Pattern JWT_HEADER = Pattern.compile("(?<![A-Za-z0-9_-])eyJ");
    /**
     * A whole value of three base64url parts, a signed token whatever its header says (the signature
     * may be empty): masked in a logged path or query, where masking an id costs nothing, but no
     * reason to replace a request id ({@link #named}), where {@code svc.2026.01} is an id.
     */
    private static final Pattern SIGNED_PARTS = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    /**
     * In running text, which may quote a path or query still percent-encoded: a key prefix (its
     * underscores as {@code _} or {@code %5F}) with the rest of its word (base62 or base64url, any
     * character of it possibly escaped), a webhook secret's prefix with its base64, or a word that
     * begins as a token does, dots and all.
     */
    private static final Pattern IN_TEXT = Pattern.compile(
            "(?i:rk(?:_|%5f)(?:live|test)(?:_|%5f))(?:[A-Za-z0-9_-]|%\\p{XDigit}{2})*"
            + "|(?i:whsec(?:_|%5f))[A-Za-z0-9_+/=%-]*"
            + "|(?<![A-Za-z0-9_-])eyJ(?:[A-Za-z0-9_.-]|%\\p{XDigit}{2})*");

    private SecretShapes() {}

    /**
     * Whether a whole value (a query value, a path segment, already percent-decoded) holds one of
     * Recaudo's secrets or a token: then the whole value is masked.
     */
    public static boolean in(String value) {
        return named(value) || SIGNED_PARTS.matcher(value).matches();
    }

    /**
     * Whether a value (already percent-decoded) holds one of Recaudo's secrets by its prefix or a JSON
     * Web Token by its header: the one definition of a token, used for request ids as for logged text.
     */
    public static boolean named(String value) {
        String lowerCase = value.toLowerCase(Locale.ROOT);
        return PREFIXES.stream().anyMatch(lowerCase::contains) || JWT_HEADER.matcher(value).find();
    }

    /**
     * Whether a value (a path segment, percent-decoded) holds a webhook secret, whose base64 may go on
     * past a {@code /}: in a path, the segments after it may be the rest of the secret.
     */
    public static boolean continuesPastSlash(String value) {
        return value.toLowerCase(Locale.ROOT).contains(WEBHOOK_SECRET_PREFIX);
    }

    /** Running text (an error line's message) with every secret-shaped word replaced by {@link #MASK}. */
    public static String masked(String text) {
        return text == null ? null : IN_TEXT.matcher(text).replaceAll(MASK);
    }
}
