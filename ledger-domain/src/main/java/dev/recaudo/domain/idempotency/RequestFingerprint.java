package dev.recaudo.domain.idempotency;

/**
 * What identifies a request under its idempotency key: the partner, the ids in its path and its
 * body as parsed. The current form is stored with a new record; {@link #matches} also recognises
 * the forms earlier releases stored, so their records keep replaying after an upgrade.
 */
public interface RequestFingerprint {

    /** The current, versioned form, stored with a new record. */
    String value();

    /** Whether a stored fingerprint, of whatever version, names this same request. */
    boolean matches(String stored);
}
