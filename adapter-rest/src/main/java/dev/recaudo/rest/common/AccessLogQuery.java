package dev.recaudo.rest.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A query string as the access log may show it: parameters stay in place, but the value of any
 * parameter whose name marks a credential is masked, and so is anything that carries one of
 * Recaudo's own secrets. A partner who puts a key in a URL by mistake must not find it in our logs.
 */
final class AccessLogQuery {

    static final String MASK = "***";

    /** A parameter whose name contains one of these (case-insensitive) is taken for a credential. */
    private static final List<String> SECRET_NAME_PARTS =
            List.of("key", "token", "secret", "passw", "pwd", "sig", "auth", "credential", "session");
    /** Recaudo's API keys and webhook secrets, recognizable wherever they appear. */
    private static final List<String> SECRET_PREFIXES = List.of("rk_live_", "rk_test_", "whsec_");

    private AccessLogQuery() {}

    /** The raw query with credential values masked; empty when there is no query. */
    static String redact(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        return Arrays.stream(rawQuery.split("&", -1)).map(AccessLogQuery::redactParameter).collect(Collectors.joining("&"));
    }

    private static String redactParameter(String parameter) {
        int equals = parameter.indexOf('=');
        String name = equals < 0 ? parameter : parameter.substring(0, equals);
        if (carriesSecret(name)) {
            return MASK;
        }
        if (equals < 0) {
            return parameter;
        }
        boolean secret = namesSecret(name) || carriesSecret(parameter.substring(equals + 1));
        return secret ? name + "=" + MASK : parameter;
    }

    private static boolean namesSecret(String rawName) {
        String name = readable(rawName);
        return SECRET_NAME_PARTS.stream().anyMatch(name::contains);
    }

    private static boolean carriesSecret(String rawText) {
        String text = readable(rawText);
        return SECRET_PREFIXES.stream().anyMatch(text::contains);
    }

    /** Decoded and lower-cased, so that {@code API%5FKEY} is recognized as {@code api_key}. */
    private static String readable(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException malformedEscape) {
            return raw.toLowerCase(Locale.ROOT);
        }
    }
}
