package dev.recaudo.persistence.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class SecretSealerTest {

    static final String KEY_A = Base64.getEncoder().encodeToString(new byte[32]);
    static final String KEY_B = Base64.getEncoder().encodeToString("b".repeat(32).getBytes(StandardCharsets.US_ASCII));
    private static final String SECRET = "whsec_c2VjcmV0LXRoYXQtc2lnbnMtd2ViaG9va3M=";

    private final UUID endpoint = UUID.randomUUID();

    static SecretSealer sealer(String keyring, String active) {
        return new SecretSealer(Keyring.parse(Optional.of(keyring), Optional.of(active)), new SecureRandom());
    }

    @Test
    void givenAnActiveKey_whenSealedAndOpened_thenTheSecretComesBackAndTheStoredTextNamesTheKeyButNotTheSecret() {
        SecretSealer sealer = sealer("a:" + KEY_A, "a");

        String stored = sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);

        assertThat(stored).startsWith("sealed:v1:a:").doesNotContain(SECRET).doesNotContain(SECRET.substring(6));
        assertThat(sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, stored)).isEqualTo(SECRET);
        assertThat(sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET))
                .as("a fresh nonce per value").isNotEqualTo(stored);
    }

    @Test
    void givenBinarySecret_whenSealedAndOpened_thenTheSameBytes() {
        SecretSealer sealer = sealer("a:" + KEY_A, "a");
        byte[] pkcs8 = {0x30, (byte) 0x82, 0x04, 0x00, 0x02, 0x01, 0x00, (byte) 0xff};

        byte[] stored = sealer.seal(SecretColumn.SIGNING_KEYS, "access-tokens-rs256", pkcs8);

        assertThat(sealer.open(SecretColumn.SIGNING_KEYS, "access-tokens-rs256", stored)).isEqualTo(pkcs8);
    }

    @Test
    void givenAKeyIdTheKeyringDoesNotHold_whenOpened_thenRefusedNamingTheKeyAndRowButNotTheSecret() {
        String stored = sealer("a:" + KEY_A, "a").sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);

        assertThatThrownBy(() -> sealer("b:" + KEY_B, "b").openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, stored))
                .isInstanceOf(SecretUnreadable.class)
                .hasMessageContaining("key 'a'").hasMessageContaining("recaudo.secrets.keys")
                .hasMessageContaining("webhook_endpoints.secret of row " + endpoint)
                .hasMessageNotContaining(SECRET).hasMessageNotContaining(stored.substring("sealed:v1:a:".length()));
    }

    @Test
    void givenTheSameKeyIdWithOtherKeyMaterial_whenOpened_thenRefused() {
        String stored = sealer("a:" + KEY_A, "a").sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);

        assertThatThrownBy(() -> sealer("a:" + KEY_B, "a").openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, stored))
                .isInstanceOf(SecretUnreadable.class).hasMessageContaining("does not open under key 'a'");
    }

    @Test
    void givenAnyByteOfTheSealedValueFlipped_whenOpened_thenRefused() {
        SecretSealer sealer = sealer("a:" + KEY_A, "a");
        String stored = sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);
        String header = "sealed:v1:a:";
        byte[] body = Base64.getDecoder().decode(stored.substring(header.length()));

        for (int i = 0; i < body.length; i++) {
            byte[] tampered = body.clone();
            tampered[i] ^= 0x01;
            String altered = header + Base64.getEncoder().encodeToString(tampered);
            assertThatThrownBy(() -> sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, altered))
                    .as("byte %d flipped", i).isInstanceOf(SecretUnreadable.class);
        }
        assertThatThrownBy(() -> sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, header + "AAAA"))
                .isInstanceOf(SecretUnreadable.class).hasMessageContaining("not a well-formed sealed value");
    }

    @Test
    void givenAValueCopiedIntoAnotherRowOrColumn_whenOpened_thenRefused() {
        SecretSealer sealer = sealer("a:" + KEY_A, "a");
        String stored = sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);

        assertThatThrownBy(() -> sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, UUID.randomUUID(), stored))
                .isInstanceOf(SecretUnreadable.class).hasMessageContaining("sealed for another row");
        assertThatThrownBy(() -> sealer.openText(SecretColumn.EXTERNAL_PAYMENT_SECRETS, endpoint, stored))
                .isInstanceOf(SecretUnreadable.class);
    }

    @Test
    void givenTwoKeys_whenSealingUnderTheSecond_thenValuesUnderTheFirstStillOpen() {
        String underA = sealer("a:" + KEY_A, "a").sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);
        SecretSealer both = sealer("a:" + KEY_A + ", b:" + KEY_B, "b");

        assertThat(both.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, underA)).isEqualTo(SECRET);
        assertThat(both.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET)).startsWith("sealed:v1:b:");
        assertThat(both.activePrefix()).contains("sealed:v1:b:");
    }

    @Test
    void givenNoKeys_thenValuesAreStoredAsTheyAreAndPlaintextReadsAsItIs() {
        SecretSealer plain = new SecretSealer(Keyring.none(), new SecureRandom());
        SecretSealer sealing = sealer("a:" + KEY_A, "a");

        assertThat(plain.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET)).isEqualTo(SECRET);
        assertThat(plain.activePrefix()).isEmpty();
        assertThat(sealing.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET)).as("a row from before sealing")
                .isEqualTo(SECRET);
        String sealed = sealing.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);
        assertThatThrownBy(() -> plain.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, sealed))
                .as("keys removed from a deployment that sealed").isInstanceOf(SecretUnreadable.class);
    }

    /**
     * Issue 21, item 6: once plaintext is refused (production, every stored secret sealed once), a
     * plaintext value is not opened, and the failure names the row, never the value; sealed values
     * still open.
     */
    @Test
    void givenPlaintextRefused_whenAPlaintextValueIsOpened_thenUnreadableWithoutQuotingItAndSealedValuesStillOpen() {
        AtomicBoolean refused = new AtomicBoolean();
        SecretSealer sealer = new SecretSealer(Keyring.parse(Optional.of("a:" + KEY_A), Optional.of("a")), new SecureRandom(),
                refused::get);
        String sealed = sealer.sealText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET);
        assertThat(sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET)).as("before: a row from before sealing")
                .isEqualTo(SECRET);

        refused.set(true);

        assertThatThrownBy(() -> sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, SECRET))
                .isInstanceOf(SecretUnreadable.class)
                .hasMessageContaining("webhook_endpoints.secret of row " + endpoint)
                .hasMessageContaining("plaintext")
                .hasMessageNotContaining(SECRET);
        assertThat(sealer.openText(SecretColumn.WEBHOOK_ENDPOINTS, endpoint, sealed)).isEqualTo(SECRET);
    }
}
