package dev.recaudo.persistence.secret;

import dev.recaudo.persistence.common.PersistenceSettings;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * The one place secrets are sealed and opened: AES-256-GCM with a random 96-bit nonce per value.
 * A sealed value is the text {@code sealed:v1:<key id>:<base64(nonce || ciphertext and tag)>}
 * (in a {@code bytea} column, its UTF-8 bytes), so each value names the key that opens it. The
 * associated data binds the value to its key id, column and row: moved to another row or column it
 * fails the tag check instead of opening.
 *
 * <p>A value without the prefix is plaintext: written before sealing existed, or while no key is
 * configured (local development). It is read as it is, and the re-sealing pass seals it. Once that
 * pass has found no plaintext left, or the operator says so ({@link PlaintextRetirement}), a
 * plaintext value can only have been planted around the service: the pass no longer seals it, and
 * in production (or with the operator's pin) it is refused like a value that does not open.
 */
@Singleton
public final class SecretSealer {

    static final String PREFIX = "sealed:v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";

    private final Keyring keyring;
    private final SecureRandom random;
    /** Whether a plaintext value is refused now: in production or when pinned, once every stored secret was sealed. */
    private final BooleanSupplier plaintextRefused;

    /** A sealer that reads plaintext values as they are (development, tests of sealing itself). */
    public SecretSealer(Keyring keyring, SecureRandom random) {
        this(keyring, random, () -> false);
    }

    public SecretSealer(Keyring keyring, SecureRandom random, BooleanSupplier plaintextRefused) {
        this.keyring = keyring;
        this.random = random;
        this.plaintextRefused = plaintextRefused;
    }

    @Inject
    SecretSealer(PersistenceSettings settings, SecureRandom random, PlaintextRetirement retirement) {
        this(Keyring.parse(settings.secrets().keys(), settings.secrets().activeKey()), random, retirement::refused);
    }

    /** The prefix of every value sealed under the active key; empty when sealing is off. */
    public Optional<String> activePrefix() {
        return keyring.activeKeyId().map(keyId -> PREFIX + keyId + ":");
    }

    /** The value to store for {@code plaintext} in this column and row: sealed under the active key, or as it is without one. */
    public byte[] seal(SecretColumn column, Object rowId, byte[] plaintext) {
        Optional<String> keyId = keyring.activeKeyId();
        if (keyId.isEmpty()) {
            return plaintext.clone();
        }
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        byte[] sealed;
        try {
            sealed = crypt(Cipher.ENCRYPT_MODE, keyring.key(keyId.get()).orElseThrow(), nonce,
                    associatedData(keyId.get(), column, rowId), plaintext);
        } catch (AEADBadTagException impossible) {
            throw new IllegalStateException("encryption checked a tag", impossible);
        }
        byte[] body = ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
        return (PREFIX + keyId.get() + ":" + Base64.getEncoder().encodeToString(body)).getBytes(StandardCharsets.UTF_8);
    }

    public String sealText(SecretColumn column, Object rowId, String plaintext) {
        return new String(seal(column, rowId, plaintext.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }

    /**
     * The secret a stored value holds.
     *
     * @throws SecretUnreadable when its key is not in the keyring, or it does not open (altered, or
     *     copied from another row), or it is plaintext where plaintext is refused; the message names
     *     the column, row and key id, never the value
     */
    public byte[] open(SecretColumn column, Object rowId, byte[] stored) {
        if (!isSealed(stored)) {
            if (plaintextRefused.getAsBoolean()) {
                throw plantedPlaintext(column, rowId);
            }
            return stored.clone();
        }
        String envelope = new String(stored, StandardCharsets.UTF_8);
        int keyEnd = envelope.indexOf(':', PREFIX.length());
        if (keyEnd < 0) {
            throw new SecretUnreadable(column.describe(rowId) + " is not a well-formed sealed value");
        }
        String keyId = envelope.substring(PREFIX.length(), keyEnd);
        SecretKey key = keyring.key(keyId).orElseThrow(() -> new SecretUnreadable(column.describe(rowId)
                + " is sealed under key '" + keyId + "', which recaudo.secrets.keys does not hold: put that key back"
                + " in the keyring (keys leave it only after the re-sealing pass reports nothing left under them)"));
        byte[] body;
        try {
            body = Base64.getDecoder().decode(envelope.substring(keyEnd + 1));
        } catch (IllegalArgumentException notBase64) {
            throw new SecretUnreadable(column.describe(rowId) + " is not a well-formed sealed value");
        }
        if (body.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new SecretUnreadable(column.describe(rowId) + " is not a well-formed sealed value");
        }
        try {
            return crypt(Cipher.DECRYPT_MODE, key, Arrays.copyOf(body, NONCE_BYTES), associatedData(keyId, column, rowId),
                    Arrays.copyOfRange(body, NONCE_BYTES, body.length));
        } catch (AEADBadTagException tagMismatch) {
            throw new SecretUnreadable(column.describe(rowId) + " does not open under key '" + keyId
                    + "': it was altered, or it was sealed for another row");
        }
    }

    public String openText(SecretColumn column, Object rowId, String stored) {
        return new String(open(column, rowId, stored.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }

    /**
     * The report of a plaintext value where every stored secret was sealed once; it names the row,
     * never the value. Refused here (production or the operator's pin), the value is neither used nor
     * sealed; elsewhere the pass leaves it unsealed, but reading it still works.
     */
    SecretUnreadable plantedPlaintext(SecretColumn column, Object rowId) {
        String fate = plaintextRefused.getAsBoolean()
                ? "is neither used nor sealed"
                : "is not sealed; it is still used outside production unless RECAUDO_SECRETS_REFUSE_PLAINTEXT is set";
        return new SecretUnreadable(column.describe(rowId) + " is stored in plaintext, but every stored secret was sealed"
                + " once (secret_sealing_milestones, or recaudo.secrets.refuse-plaintext): it was written around the"
                + " service, and " + fate + "; replace it (docs/decisions.md, \"Plaintext is refused in production\")");
    }

    static boolean isSealed(byte[] stored) {
        byte[] prefix = PREFIX.getBytes(StandardCharsets.US_ASCII);
        return stored.length >= prefix.length && Arrays.equals(stored, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The key id and the value's place, so a value opens only where, and under the key id, it was sealed. */
    private static byte[] associatedData(String keyId, SecretColumn column, Object rowId) {
        return (PREFIX + keyId + ":" + column.table() + "." + column.column() + ":" + rowId).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] crypt(int mode, SecretKey key, byte[] nonce, byte[] associatedData, byte[] input)
            throws AEADBadTagException {
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData);
            return cipher.doFinal(input);
        } catch (AEADBadTagException tagMismatch) {
            throw tagMismatch;
        } catch (GeneralSecurityException unavailable) {
            // AES-GCM is mandatory in every Java SE platform, so this is a broken runtime, not a bad value.
            throw new IllegalStateException("AES-GCM is unavailable in this Java runtime", unavailable);
        }
    }
}
