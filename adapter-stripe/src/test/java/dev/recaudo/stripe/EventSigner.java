package dev.recaudo.stripe;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs event payloads as Stripe does: {@code Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.payload" under the endpoint's secret>} (https://docs.stripe.com/webhooks#verify-manually).
 */
public final class EventSigner {

    public static final String HEADER = "Stripe-Signature";

    private final String secret;

    public EventSigner(String secret) {
        this.secret = secret;
    }

    /** The header for {@code payload} signed now. */
    public String sign(String payload) {
        return sign(payload, Instant.now());
    }

    public String sign(String payload, Instant at) {
        long t = at.getEpochSecond();
        return "t=" + t + ",v1=" + hmac(t + "." + payload);
    }

    /** An event as Stripe posts it: {@code object: event}, its type, and the object it is about in {@code data.object}. */
    public static String event(String id, String type, Map<String, Object> object) {
        return event(id, type, object, true);
    }

    /** The event of a live ({@code livemode: true}) or a test-mode account. */
    public static String event(String id, String type, Map<String, Object> object, boolean livemode) {
        return StripeJson.write(StripeJson.object(
                "id", id,
                "object", "event",
                "api_version", "2026-07-29.dahlia",
                "created", Instant.now().getEpochSecond(),
                "data", StripeJson.object("object", object),
                "livemode", livemode,
                "pending_webhooks", 1,
                "request", StripeJson.object("id", null, "idempotency_key", null),
                "type", type));
    }

    private String hmac(String signed) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
