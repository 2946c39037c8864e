package dev.recaudo.domain.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The SHA-256 of a bearer token (a console session's id, an invitation's token): all a store keeps,
 * so that a copy of the table opens nothing. The token itself is only where its holder keeps it.
 */
public record TokenDigest(byte[] value) {

    public static final int LENGTH = 32;

    public TokenDigest {
        if (value == null || value.length != LENGTH) {
            throw new IllegalArgumentException("a token digest is " + LENGTH + " bytes");
        }
        value = value.clone();
    }

    /** The digest of {@code token}, an ASCII text. */
    public static TokenDigest of(String token) {
        try {
            return new TokenDigest(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("every Java runtime has SHA-256", missing);
        }
    }

    @Override
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TokenDigest hash && Arrays.equals(value, hash.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "TokenDigest[" + HexFormat.of().formatHex(value, 0, 4) + "...]";
    }
}
