package dev.recaudo.rest.auth;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The integrations request signature: {@code v1=} + lower-case hex of HMAC-SHA256, keyed with the
 * API key text, over {@code timestamp "." METHOD "." path "." body}, where path is the raw request
 * path as sent and body the raw bytes (empty when there is none). See docs/reference/integrations.md.
 */
public final class RequestSignature {

    public static final String SCHEME_PREFIX = "v1=";
    private static final Pattern SHAPE = Pattern.compile("^v1=[a-f0-9]{64}$");
    private static final Pattern TIMESTAMP = Pattern.compile("^[0-9]{10}$");

    private RequestSignature() {}

    public static boolean hasShape(String signature) {
        return signature != null && SHAPE.matcher(signature).matches();
    }

    public static boolean isTimestamp(String timestamp) {
        return timestamp != null && TIMESTAMP.matcher(timestamp).matches();
    }

    /** Whether a well-formed timestamp is at most {@code toleranceSeconds} from {@code now}, either way. */
    public static boolean isWithinWindow(String timestamp, Instant now, long toleranceSeconds) {
        return Math.abs(now.getEpochSecond() - Long.parseLong(timestamp)) <= toleranceSeconds;
    }

    /**
     * Whether {@code presented} signs this request: its raw path alone, or its raw path with its raw
     * query (which also protects the query). HTTP methods are case-sensitive and the scheme signs the
     * upper-case method, so a method received in another case is another request and never verifies.
     */
    public static boolean verifies(String key, String timestamp, String method, String rawPath, String rawQuery,
            byte[] body, String presented) {
        Verifier verifier = new Verifier(key, timestamp, method, rawPath, rawQuery);
        verifier.update(body, 0, body.length);
        return verifier.verifies(presented);
    }

    /**
     * Verifies a signature over a body read in parts, so that a large body (a bank statement) is never
     * held whole, nor copied into the signed text, to be checked.
     */
    public static final class Verifier {

        private final boolean upperCaseMethod;
        private final Mac pathOnly;
        private final Mac withQuery;

        public Verifier(String key, String timestamp, String method, String rawPath, String rawQuery) {
            this.upperCaseMethod = method.equals(method.toUpperCase(Locale.ROOT));
            this.pathOnly = started(key, timestamp, method, rawPath);
            this.withQuery = rawQuery == null ? null : started(key, timestamp, method, rawPath + "?" + rawQuery);
        }

        public void update(byte[] part, int offset, int length) {
            pathOnly.update(part, offset, length);
            if (withQuery != null) {
                withQuery.update(part, offset, length);
            }
        }

        /** Whether {@code presented} signs what was read; call once, after the whole body. */
        public boolean verifies(String presented) {
            boolean path = matches(hex(pathOnly.doFinal()), presented);
            boolean query = withQuery != null && matches(hex(withQuery.doFinal()), presented);
            return upperCaseMethod & (path | query);
        }

        private static Mac started(String key, String timestamp, String method, String path) {
            Mac mac = mac(key);
            mac.update(canonical(timestamp, method, path, new byte[0]));
            return mac;
        }
    }

    /** The exact bytes that are signed. */
    public static byte[] canonical(String timestamp, String method, String path, byte[] body) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        text.writeBytes((timestamp + "." + method.toUpperCase(Locale.ROOT) + "." + path + ".")
                .getBytes(StandardCharsets.UTF_8));
        text.writeBytes(body);
        return text.toByteArray();
    }

    public static String sign(String apiKey, byte[] canonical) {
        return hex(mac(apiKey).doFinal(canonical));
    }

    private static String hex(byte[] digest) {
        return SCHEME_PREFIX + HexFormat.of().formatHex(digest);
    }

    private static Mac mac(String apiKey) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(apiKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("every JDK provides HmacSHA256", impossible);
        }
    }

    /** Compares in time independent of where the texts differ. */
    public static boolean matches(String expected, String presented) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.US_ASCII));
    }
}
