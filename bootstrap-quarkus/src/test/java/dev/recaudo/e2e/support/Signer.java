package dev.recaudo.e2e.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The integrations signature, written here independently of the service's own code so that a
 * mistake in one cannot hide in the other: HMAC-SHA256 keyed with the API key over
 * {@code timestamp.METHOD.path.body}, hex in lower case, prefixed with {@code v1=}.
 */
public final class Signer {

    private Signer() {}

    public static String sign(String apiKey, String timestamp, String method, String path, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(apiKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] digest = mac.doFinal((timestamp + "." + method + "." + path + "." + body).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder("v1=");
            for (byte b : digest) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String now() {
        return Long.toString(System.currentTimeMillis() / 1000);
    }
}
