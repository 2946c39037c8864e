package dev.recaudo.application.checkout;

import dev.recaudo.application.common.SharedSecretMac;
import dev.recaudo.domain.security.SigningKeyStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;

/**
 * The global id of a checkout payer ({@code customerId}): an HMAC-SHA256 of the lower-cased e-mail
 * under a secret every instance shares, as a version 8 UUID. The same e-mail gives the same id in
 * every company and environment, on every instance, yet nobody without the secret can compute it
 * from a guessed address, as they could the name-based UUIDs (version 3) it replaces.
 */
public final class PayerIds {

    /** The name of the secret in the store (sealed at rest there, like every stored secret). */
    static final String SECRET_NAME = "checkout-payer-id-hmac-sha256";
    private static final String PURPOSE = "recaudo:payer:";

    private final SharedSecretMac mac;

    public PayerIds(SigningKeyStore store) {
        this.mac = new SharedSecretMac(store, SECRET_NAME);
    }

    /** The payer id of an e-mail address, whatever its letter case. */
    public UUID of(String email) {
        byte[] digest = mac.of((PURPOSE + email.toLowerCase(Locale.ROOT)).getBytes(StandardCharsets.UTF_8));
        // RFC 9562: the version nibble says 8 (custom), the variant bits say RFC; the other 122 bits are the HMAC's.
        digest[6] = (byte) ((digest[6] & 0x0f) | 0x80);
        digest[8] = (byte) ((digest[8] & 0x3f) | 0x80);
        ByteBuffer bits = ByteBuffer.wrap(digest, 0, 16);
        return new UUID(bits.getLong(), bits.getLong());
    }
}
