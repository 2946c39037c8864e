package dev.recaudo.domain.idempotency;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The HMAC-SHA256 a signed request carried (the integrations API's {@code Service-Signature}), as 64
 * lower-case hex characters. It is accepted once: the claim of the request it first came with keeps
 * it, so the same signed bytes sent again under another idempotency key are told apart from a retry.
 */
public record Signature(String hex) {

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public Signature {
        Objects.requireNonNull(hex, "hex");
        if (!HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("a signature is 64 lower-case hex characters");
        }
    }
}
