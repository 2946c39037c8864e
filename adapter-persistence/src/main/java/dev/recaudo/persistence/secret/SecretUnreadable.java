package dev.recaudo.persistence.secret;

import dev.recaudo.domain.security.SecretUnavailable;

/**
 * A stored secret that cannot be opened: its key left the keyring too early, the value was altered
 * or moved, or it is plaintext in a database whose secrets were all sealed once (production only).
 * Nothing falls back to plaintext or to another secret: what it protects stops working, loudly,
 * until an operator fixes the keyring or the row. Thrown through the ports as the core's
 * {@link SecretUnavailable}.
 */
public class SecretUnreadable extends SecretUnavailable {

    SecretUnreadable(String message) {
        super(message);
    }
}
