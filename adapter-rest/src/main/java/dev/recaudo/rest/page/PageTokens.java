package dev.recaudo.rest.page;

import dev.recaudo.domain.security.SigningKeyStore;
import dev.recaudo.application.common.SharedSecretMac;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;

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

    private final SharedSecretMac mac;
    private final Clock clock;

    public PageTokens(SigningKeyStore keys, Clock clock) {
        this.mac = new SharedSecretMac(keys, SECRET_NAME);
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
        byte[] digest = mac.of((checkoutId + "." + expiry).getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }
}
