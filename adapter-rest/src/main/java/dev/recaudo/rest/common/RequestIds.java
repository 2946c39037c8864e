package dev.recaudo.rest.common;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Request ids: the caller's {@code X-Request-Id} when it is sane (short, printable, no spaces) and
 * not shaped like a credential, else a fresh UUID: an id is written as it is, so a key or token sent
 * as one would reach the logs in clear. Credential-shaped is a key's or webhook secret's prefix, or a
 * word beginning as a JSON Web Token does ({@code eyJ}, {@link SecretShapes#named}); a dotted id such
 * as {@code svc.2026.01} is kept. The id is echoed on every response, put in every log line of the
 * request and in the integrations error envelope, so a partner and an operator can talk about one
 * request.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    public static final String MDC_KEY = "requestId";
    private static final Pattern SANE = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");

    private RequestIds() {}

    public static String acceptOrCreate(String incoming) {
        if (incoming != null && SANE.matcher(incoming).matches() && !SecretShapes.named(incoming)) {
            return incoming;
        }
        return UUID.randomUUID().toString();
    }
}
