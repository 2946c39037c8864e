package dev.recaudo.rest.common;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;

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
    /** The logging context's company of the caller, once a credential named one. */
    public static final String COMPANY_MDC_KEY = "companyId";
    /** The logging context's API key of the caller (its id, never the key), once one was authenticated. */
    public static final String KEY_MDC_KEY = "keyId";
    private static final Pattern SANE = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");

    private RequestIds() {}

    /**
     * Starts the request's logging context: its id, and no caller yet (a context is the request's
     * own, but a thread may carry what an earlier request left).
     */
    public static void begin(String requestId) {
        MDC.put(MDC_KEY, requestId);
        MDC.remove(COMPANY_MDC_KEY);
        MDC.remove(KEY_MDC_KEY);
    }

    /** Names the caller's company, and key when the credential is one, on the request's log lines from now on. */
    static void identify(UUID companyId, Optional<UUID> keyId) {
        MDC.put(COMPANY_MDC_KEY, companyId.toString());
        keyId.ifPresentOrElse(id -> MDC.put(KEY_MDC_KEY, id.toString()), () -> MDC.remove(KEY_MDC_KEY));
    }

    public static String acceptOrCreate(String incoming) {
        if (incoming != null && SANE.matcher(incoming).matches() && !SecretShapes.named(incoming)) {
            return incoming;
        }
        return UUID.randomUUID().toString();
    }
}
