package dev.recaudo.rest.console;

import dev.recaudo.application.common.SharedSecretMac;
import dev.recaudo.domain.security.SigningKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The console's anti-forgery tokens, keyed with a secret every instance shares. A signed-in form
 * carries the HMAC of its session's id, so only a page of that session can post it. The sign-in form
 * carries the HMAC of a random value its page set in a cookie of its own, so a site cannot sign a
 * browser in to an account of the site's choosing. Another origin reads neither (the same-origin
 * policy), and both cookies are {@code HttpOnly} and {@code SameSite=Strict}.
 */
@ApplicationScoped
public class ConsoleTokens {

    private static final String SECRET_NAME = "console-form";
    private static final int NONCE_BYTES = 32;

    private final SharedSecretMac mac;
    private final SecureRandom random;

    public ConsoleTokens(SigningKeyStore keys, SecureRandom random) {
        this.mac = new SharedSecretMac(keys, SECRET_NAME);
        this.random = random;
    }

    String forSession(String sessionId) {
        return mac("session:" + sessionId);
    }

    boolean verifiesSession(String sessionId, String token) {
        return verifies(forSession(sessionId), token);
    }

    /** A fresh value for the sign-in page's cookie. */
    String nonce() {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
    }

    String forSignIn(String nonce) {
        return mac("sign-in:" + nonce);
    }

    boolean verifiesSignIn(String nonce, String token) {
        return nonce != null && verifies(forSignIn(nonce), token);
    }

    private String mac(String payload) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.of(payload.getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean verifies(String expected, String token) {
        return token != null && token.length() <= 100
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), token.getBytes(StandardCharsets.US_ASCII));
    }
}
