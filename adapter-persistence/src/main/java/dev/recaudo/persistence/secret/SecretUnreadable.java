package dev.recaudo.persistence.secret;

/**
 * A stored secret that cannot be opened: its key left the keyring too early, or the value was
 * altered or moved. Nothing falls back to plaintext or to another secret: what it protects stops
 * working, loudly, until an operator fixes the keyring.
 */
public class SecretUnreadable extends IllegalStateException {

    SecretUnreadable(String message) {
        super(message);
    }
}
