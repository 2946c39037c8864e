package dev.recaudo.rest.page;

import dev.recaudo.domain.security.SigningKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The anti-forgery token of the page's Pay form: {@code <expiry>.<HMAC-SHA256(checkoutId.expiry)>},
 * keyed with a secret every instance shares (stored once in the database). A site that knows a
 * checkout id but cannot read its page (the same-origin policy) cannot post the form; the token
 * names one checkout and lasts one hour.
 */
@ApplicationScoped
public class PageTokens {

    static final Duration LIFETIME = Duration.ofHours(1);
    private static final String SECRET_NAME = "hosted-page-form";

    private final SigningKeyStore keys;
    private final Clock clock;
    private volatile byte[] secret;

    public PageTokens(SigningKeyStore keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    String issue(UUID checkoutId) {
        long expiry = clock.instant().plus(LIFETIME).getEpochSecond();
        return expiry + "." + mac(checkoutId, expiry);
    }

    boolean verify(UUID checkoutId, String token) {
        if (token == null || token.length() > 100) {
            return false;
        }
        int dot = token.indexOf('.');
        if (dot < 1) {
            return false;
        }
        long expiry;
        try {
            expiry = Long.parseLong(token.substring(0, dot));
        } catch (NumberFormatException e) {
            return false;
        }
        return expiry >= clock.instant().getEpochSecond()
                && MessageDigest.isEqual(mac(checkoutId, expiry).getBytes(StandardCharsets.US_ASCII),
                        token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII));
    }

    private String mac(UUID checkoutId, long expiry) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret(), "HmacSHA256"));
            byte[] digest = mac.doFinal((checkoutId + "." + expiry).getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private byte[] secret() {
        byte[] known = secret;
        if (known == null) {
            known = keys.loadOrCreateSecret(SECRET_NAME, () -> {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                return fresh;
            });
            secret = known;
        }
        return known;
    }
}
