package dev.recaudo.domain.admin;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The SHA-256 of a console session's id: all the store keeps, so that a copy of the table signs no
 * one in. The id itself lives in the browser's cookie only.
 */
public record ConsoleSessionHash(byte[] value) {

    public static final int LENGTH = 32;

    public ConsoleSessionHash {
        if (value == null || value.length != LENGTH) {
            throw new IllegalArgumentException("a session hash is " + LENGTH + " bytes");
        }
        value = value.clone();
    }

    @Override
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConsoleSessionHash hash && Arrays.equals(value, hash.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "ConsoleSessionHash[" + HexFormat.of().formatHex(value, 0, 4) + "...]";
    }
}
