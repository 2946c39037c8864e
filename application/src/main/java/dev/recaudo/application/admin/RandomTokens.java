package dev.recaudo.application.admin;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The bearer tokens of the console (a session's id, an invitation's token): 32 random bytes,
 * base64url without padding, 43 characters. Only their digest is stored.
 */
final class RandomTokens {

    private static final int BYTES = 32;
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private RandomTokens() {}

    static String next(SecureRandom random) {
        byte[] token = new byte[BYTES];
        random.nextBytes(token);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
    }

    /** Whether {@code token} has a token's shape; anything else is refused before any lookup. */
    static boolean wellFormed(String token) {
        return token != null && SHAPE.matcher(token).matches();
    }
}
