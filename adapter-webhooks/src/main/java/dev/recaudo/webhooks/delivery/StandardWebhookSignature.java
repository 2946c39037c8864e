package dev.recaudo.webhooks.delivery;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature scheme (https://www.standardwebhooks.com/): an HMAC-SHA256 over
 * {@code id.timestamp.body}, sent as {@code v1,<base64>}. Secrets travel as {@code whsec_} followed
 * by base64, and the HMAC key is the decoded bytes, not the text, so that receivers using any
 * Standard Webhooks library verify our deliveries without custom code.
 */
public final class StandardWebhookSignature {

    public static final String SECRET_PREFIX = "whsec_";
    public static final String SIGNATURE_VERSION_PREFIX = "v1,";

    /** The specification asks for 24 to 64 bytes of key; 24 random bytes give 192 bits. */
    static final int SECRET_LENGTH_BYTES = 24;

    private static final String ALGORITHM = "HmacSHA256";

    private StandardWebhookSignature() {}

    /**
     * The value of the {@code webhook-signature} header for one delivery.
     *
     * @throws IllegalArgumentException when the secret is not base64, with or without the
     *     {@code whsec_} prefix, or decodes to no bytes
     */
    public static String sign(String secret, String id, long timestampSeconds, String body) {
        byte[] signedContent = (id + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8);
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(keyOf(secret), ALGORITHM));
            return SIGNATURE_VERSION_PREFIX + Base64.getEncoder().encodeToString(mac.doFinal(signedContent));
        } catch (GeneralSecurityException e) {
            // Every JDK ships HmacSHA256 and accepts any non-empty key, so this is a broken runtime.
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /**
     * The header value signed with each secret, in order, separated by spaces: during a rotation's
     * overlap a receiver holding either secret finds its signature among them, which is how the
     * specification's verifiers read the header.
     *
     * @throws IllegalArgumentException when there is no secret, or one is malformed as {@link #sign} says
     */
    public static String signWithEach(List<String> secrets, String id, long timestampSeconds, String body) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("the signing secret is missing");
        }
        return secrets.stream().map(secret -> sign(secret, id, timestampSeconds, body)).collect(Collectors.joining(" "));
    }

    /** A fresh endpoint secret: {@code whsec_} and the base64 of 24 random bytes. */
    public static String newSecret(SecureRandom random) {
        byte[] key = new byte[SECRET_LENGTH_BYTES];
        random.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /**
     * The prefix is optional, as in the reference libraries, so a secret copied without it still
     * signs the same way.
     */
    static byte[] keyOf(String secret) {
        if (secret == null) {
            throw new IllegalArgumentException("the signing secret is missing");
        }
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        byte[] key;
        try {
            key = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the signing secret is not whsec_ followed by base64", e);
        }
        if (key.length == 0) {
            throw new IllegalArgumentException("the signing secret is empty");
        }
        return key;
    }
}
