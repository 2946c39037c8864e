package dev.recaudo.persistence.secret;

import static dev.recaudo.persistence.secret.SecretSealerTest.KEY_A;
import static dev.recaudo.persistence.secret.SecretSealerTest.KEY_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyringTest {

    @Test
    void givenNothingOrBlanks_thenNoActiveKey() {
        assertThat(Keyring.parse(Optional.empty(), Optional.empty()).activeKeyId()).isEmpty();
        assertThat(Keyring.parse(Optional.of(" "), Optional.of("")).activeKeyId()).isEmpty();
    }

    @Test
    void givenTwoKeysAndTheActiveOne_thenItIsActive() {
        assertThat(Keyring.parse(Optional.of("k2025:" + KEY_A + ",k2026:" + KEY_B), Optional.of("k2026")).activeKeyId())
                .contains("k2026");
    }

    @Test
    void givenAWrongKeyring_thenTheMessageNamesTheSettingButNeverTheKey() {
        String shortKey = Base64.getEncoder().encodeToString(new byte[16]);
        assertRefused("a:" + shortKey, "a", "entry 1 of recaudo.secrets.keys", shortKey);
        assertRefused("a:" + KEY_A + ",b:not base64!", "a", "entry 2 of recaudo.secrets.keys", "not base64!");
        assertRefused("a:" + KEY_A + ",a:" + KEY_B, "a", "key 'a' twice", KEY_B);
        assertRefused("bad id:" + KEY_A, "bad id", "entry 1", KEY_A);
        assertRefused("a:" + KEY_A, "b", "does not hold", KEY_A);
        assertRefused("a:" + KEY_A, "", "active-key is not", KEY_A);
        assertThatThrownBy(() -> Keyring.parse(Optional.empty(), Optional.of("a")))
                .hasMessageContaining("recaudo.secrets.keys is empty");
    }

    private static void assertRefused(String keyring, String active, String message, String material) {
        assertThatThrownBy(() -> Keyring.parse(Optional.of(keyring), Optional.of(active)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining(material);
    }
}
