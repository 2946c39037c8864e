package dev.recaudo.persistence.secret;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The sealing keys from configuration: {@code recaudo.secrets.keys} ({@code id:base64,id:base64},
 * each key 32 random bytes) and {@code recaudo.secrets.active-key}, the one new values are sealed
 * under. The others stay only to open what is still sealed under them until the re-sealing pass has
 * moved it. Messages name settings and key ids, never key material.
 */
public final class Keyring {

    static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");
    static final int KEY_BYTES = 32;

    private final Map<String, SecretKey> keys;
    private final Optional<String> activeKeyId;

    private Keyring(Map<String, SecretKey> keys, Optional<String> activeKeyId) {
        this.keys = Map.copyOf(keys);
        this.activeKeyId = activeKeyId;
    }

    /** No keys: values are stored as they are (local development only, see ConfigurationChecks). */
    public static Keyring none() {
        return new Keyring(Map.of(), Optional.empty());
    }

    /**
     * Reads the two settings; a blank setting counts as unset.
     *
     * @throws IllegalArgumentException naming the setting that is wrong, never quoting a key
     */
    public static Keyring parse(Optional<String> keyring, Optional<String> activeKeyId) {
        Optional<String> entries = keyring.map(String::strip).filter(text -> !text.isEmpty());
        Optional<String> active = activeKeyId.map(String::strip).filter(text -> !text.isEmpty());
        if (entries.isEmpty()) {
            if (active.isPresent()) {
                throw new IllegalArgumentException("recaudo.secrets.active-key is set but recaudo.secrets.keys is empty");
            }
            return none();
        }
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        String[] parts = entries.get().split(",");
        for (int i = 0; i < parts.length; i++) {
            String entry = parts[i].strip();
            int colon = entry.indexOf(':');
            String id = colon < 0 ? "" : entry.substring(0, colon);
            byte[] material = colon < 0 ? new byte[0] : decode(entry.substring(colon + 1));
            if (!KEY_ID.matcher(id).matches() || material.length != KEY_BYTES) {
                throw new IllegalArgumentException("entry " + (i + 1) + " of recaudo.secrets.keys is not"
                        + " <key id>:<base64 of " + KEY_BYTES + " bytes> (key ids are 1 to 32 of A-Z a-z 0-9 _ -)");
            }
            if (keys.put(id, new SecretKeySpec(material, "AES")) != null) {
                throw new IllegalArgumentException("recaudo.secrets.keys holds key '" + id + "' twice");
            }
        }
        if (active.isEmpty()) {
            throw new IllegalArgumentException("recaudo.secrets.keys is set but recaudo.secrets.active-key is not");
        }
        if (!keys.containsKey(active.get())) {
            throw new IllegalArgumentException("recaudo.secrets.active-key names a key that recaudo.secrets.keys does not hold");
        }
        return new Keyring(keys, active);
    }

    /** The key new values are sealed under; empty when sealing is off. */
    public Optional<String> activeKeyId() {
        return activeKeyId;
    }

    Optional<SecretKey> key(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }

    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException notBase64) {
            return new byte[0];
        }
    }
}
