package dev.recaudo.domain.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The full text of an API key, {@code rk_live_} or {@code rk_test_} followed by 43 base62
 * characters (32 random bytes). It exists only in memory: Recaudo stores the SHA-256 of it, which
 * is enough for a secret of 256 random bits because no dictionary can reach it.
 */
public final class ApiKeySecret {

    public static final int PREFIX_LENGTH = 12;
    private static final int RANDOM_BYTES = 32;
    private static final int BODY_LENGTH = 43;
    private static final char[] BASE62 =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final Pattern SHAPE = Pattern.compile("^rk_(live|test)_[0-9A-Za-z]{" + BODY_LENGTH + "}$");

    private final String text;

    private ApiKeySecret(String text) {
        this.text = text;
    }

    public static ApiKeySecret generate(KeyEnvironment environment, SecureRandom random) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return new ApiKeySecret("rk_" + environment.wireName() + "_" + base62(bytes));
    }

    /** Accepts presented text only when it has the shape of a key, so junk never reaches the store. */
    public static Optional<ApiKeySecret> parse(String presented) {
        if (presented == null || !SHAPE.matcher(presented).matches()) {
            return Optional.empty();
        }
        return Optional.of(new ApiKeySecret(presented));
    }

    public String text() {
        return text;
    }

    public String prefix() {
        return text.substring(0, PREFIX_LENGTH);
    }

    public String sha256Hex() {
        return sha256Hex(text);
    }

    static String sha256Hex(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("every JDK provides SHA-256", impossible);
        }
    }

    private static String base62(byte[] bytes) {
        // Long division of the unsigned big-endian number by 62, least significant digit first.
        byte[] number = bytes.clone();
        char[] digits = new char[BODY_LENGTH];
        for (int position = BODY_LENGTH - 1; position >= 0; position--) {
            int remainder = 0;
            for (int i = 0; i < number.length; i++) {
                int accumulator = (remainder << 8) | (number[i] & 0xFF);
                number[i] = (byte) (accumulator / BASE62.length);
                remainder = accumulator % BASE62.length;
            }
            digits[position] = BASE62[remainder];
        }
        return new String(digits);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ApiKeySecret secret && secret.text.equals(text);
    }

    @Override
    public int hashCode() {
        return Objects.hash(text);
    }

    /** Never prints the secret, so it cannot leak through a log line. */
    @Override
    public String toString() {
        return prefix() + "...";
    }
}
