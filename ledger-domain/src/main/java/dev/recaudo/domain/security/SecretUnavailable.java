package dev.recaudo.domain.security;

/**
 * A stored secret an outbound port cannot hand out: its key is gone, it was altered or moved, or it
 * is plaintext where every secret was sealed (planted around the service). Nothing falls back to
 * another secret: the work that needs this one stops, and only that work; the message names where
 * the secret is kept, never its value.
 */
public class SecretUnavailable extends RuntimeException {

    public SecretUnavailable(String message) {
        super(message);
    }
}
