package dev.recaudo.rest.common;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A query string as the access log may show it: parameters stay in place, but the value of any
 * parameter whose name marks a credential or personal data is masked, and so is anything that
 * carries one of Recaudo's own secrets, has the shape of a JSON Web Token or holds an e-mail
 * address. A partner who puts a key in a URL by mistake, or filters by a customer's phone number,
 * must not find it in our logs.
 */
final class AccessLogQuery {

    static final String MASK = SecretShapes.MASK;

    /** A parameter whose name contains one of these (case-insensitive) is taken for a credential. */
    private static final List<String> SECRET_NAME_PARTS = List.of("key", "token", "secret", "pass", "pw", "sig", "auth",
            "credential", "session", "bearer", "jwt", "code");
    /**
     * A parameter whose name contains one of these (case-insensitive) holds a person's e-mail
     * address, phone number or tax id ({@code recipientPhone}, a public invoice's {@code reference}),
     * or free text searched for them ({@code search}).
     */
    private static final List<String> PERSONAL_NAME_PARTS = List.of("mail", "phone", "tax", "reference", "recipient",
            "identity", "search");
    /** Servers split on {@code ;} as well as {@code &} (the HTML 4 recommendation), so both end a parameter. */
    private static final Pattern SEPARATOR = Pattern.compile("[&;]");

    private AccessLogQuery() {}

    /** The raw query with credential values masked; empty when there is no query. */
    static String redact(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        StringBuilder logged = new StringBuilder(rawQuery.length());
        Matcher separators = SEPARATOR.matcher(rawQuery);
        int start = 0;
        while (separators.find()) {
            logged.append(redactParameter(rawQuery.substring(start, separators.start()))).append(separators.group());
            start = separators.end();
        }
        return logged.append(redactParameter(rawQuery.substring(start))).toString();
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
        String value = parameter.substring(equals + 1);
        boolean masked = names(SECRET_NAME_PARTS, name) || names(PERSONAL_NAME_PARTS, name) || carriesSecret(value);
        return masked ? name + "=" + MASK : parameter;
    }

    private static boolean names(List<String> parts, String rawName) {
        String name = PercentEscapes.decoded(rawName).toLowerCase(Locale.ROOT);
        return parts.stream().anyMatch(name::contains);
    }

    /** Whether the text holds one of Recaudo's secrets, a token, or an e-mail address (as unwelcome in a log as a secret). */
    private static boolean carriesSecret(String rawText) {
        String text = PercentEscapes.decoded(rawText);
        return SecretShapes.in(text) || text.contains("@");
    }
}
