package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeySecretTest {

    private static final String KEY_SHAPE = "^rk_(live|test)_[0-9A-Za-z]{43}$";
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    /** A well-formed key whose SHA-256 was computed outside the JDK, with {@code sha256sum}. */
    private static final String KNOWN_TEXT = "rk_test_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg";
    private static final String KNOWN_SHA256 = "c786ca8a5a53744753e9a7ff6cab5e75dbef1b52418995681ac53e4d8e0793b9";

    private final SecureRandom random = new SecureRandom();

    @ParameterizedTest
    @EnumSource(KeyEnvironment.class)
    void givenEnvironment_whenGenerating_thenTextHasKeyShapeAndEnvironmentMarker(KeyEnvironment environment) {
        ApiKeySecret secret = ApiKeySecret.generate(environment, random);

        assertThat(secret.text())
                .matches(KEY_SHAPE)
                .startsWith("rk_" + environment.wireName() + "_");
    }

    @Test
    void whenGenerating_thenPrefixIsTheFirstTwelveCharacters() {
        ApiKeySecret secret = ApiKeySecret.generate(KeyEnvironment.LIVE, random);

        assertThat(secret.prefix())
                .hasSize(ApiKeySecret.PREFIX_LENGTH)
                .isEqualTo(secret.text().substring(0, 12))
                .startsWith("rk_live_");
    }

    @Test
    void whenGeneratingTwice_thenTheKeysDiffer() {
        ApiKeySecret first = ApiKeySecret.generate(KeyEnvironment.LIVE, random);
        ApiKeySecret second = ApiKeySecret.generate(KeyEnvironment.LIVE, random);

        assertThat(first).isNotEqualTo(second);
        assertThat(first.sha256Hex()).isNotEqualTo(second.sha256Hex());
    }

    @Test
    void whenGeneratingManyKeys_thenNoTwoAreEqual() {
        int count = 1_000;
        Set<String> texts = new HashSet<>();
        for (int i = 0; i < count; i++) {
            texts.add(ApiKeySecret.generate(KeyEnvironment.TEST, random).text());
        }

        assertThat(texts).hasSize(count);
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00, 0x01, 0x7F, 0x80, 0xFF})
    void givenAnyRandomBytes_whenGenerating_thenBodyEncodesAllOfThemInBase62(int fill) {
        // All-ones is the largest 256-bit number: if 43 digits were too few, its top digits would be lost.
        byte[] bytes = new byte[32];
        Arrays.fill(bytes, (byte) fill);

        ApiKeySecret secret = ApiKeySecret.generate(KeyEnvironment.LIVE, new FixedBytesRandom(bytes));

        String body = secret.text().substring("rk_live_".length());
        assertThat(secret.text()).matches(KEY_SHAPE);
        assertThat(decodeBase62(body)).isEqualTo(new BigInteger(1, bytes));
    }

    @Test
    void givenKnownKeyText_whenHashing_thenAnswersItsSha256InLowerCaseHex() {
        ApiKeySecret secret = ApiKeySecret.parse(KNOWN_TEXT).orElseThrow();

        assertThat(secret.sha256Hex()).isEqualTo(KNOWN_SHA256);
    }

    @Test
    void givenGeneratedKey_whenHashingAgainAfterParsingItsText_thenHashIsStableAndWellFormed() {
        ApiKeySecret generated = ApiKeySecret.generate(KeyEnvironment.TEST, random);
        ApiKeySecret parsed = ApiKeySecret.parse(generated.text()).orElseThrow();

        assertThat(generated.sha256Hex())
                .matches("^[0-9a-f]{64}$")
                .isEqualTo(generated.sha256Hex())
                .isEqualTo(parsed.sha256Hex());
    }

    @Test
    void givenGeneratedText_whenParsing_thenAnswersAnEqualSecret() {
        ApiKeySecret generated = ApiKeySecret.generate(KeyEnvironment.LIVE, random);

        assertThat(ApiKeySecret.parse(generated.text()))
                .hasValueSatisfying(parsed -> {
                    assertThat(parsed).isEqualTo(generated).hasSameHashCodeAs(generated);
                    assertThat(parsed.text()).isEqualTo(generated.text());
                });
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
        "not-a-key",
        "rk_live_",
        // 42 and 44 body characters.
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef",
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh",
        // An environment Recaudo does not have, and the right ones in the wrong case.
        "rk_prod_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg",
        "rk_LIVE_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg",
        "RK_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg",
        // Characters outside base62.
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcde-g",
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcde_g",
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdeég",
        // Whitespace around an otherwise valid key, which a lenient pattern might forgive.
        " rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg",
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg ",
        "rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg\n",
        "Bearer rk_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg"
    })
    void givenMalformedText_whenParsing_thenEmpty(String presented) {
        assertThat(ApiKeySecret.parse(presented)).isEmpty();
    }

    @Test
    void whenPrinting_thenOnlyThePrefixIsShown() {
        ApiKeySecret secret = ApiKeySecret.generate(KeyEnvironment.LIVE, random);

        String printed = secret.toString();

        assertThat(printed)
                .startsWith(secret.prefix())
                .doesNotContain(secret.text())
                .doesNotContain(secret.text().substring(ApiKeySecret.PREFIX_LENGTH))
                .doesNotContain(secret.sha256Hex());
        assertThat(String.valueOf(secret)).isEqualTo(printed);
    }

    private static BigInteger decodeBase62(String digits) {
        BigInteger value = BigInteger.ZERO;
        for (char digit : digits.toCharArray()) {
            value = value.multiply(BigInteger.valueOf(62)).add(BigInteger.valueOf(BASE62.indexOf(digit)));
        }
        return value;
    }

    /** Hands out the same bytes every time, so the encoding can be checked against a known number. */
    private static final class FixedBytesRandom extends SecureRandom {
        private final byte[] bytes;

        FixedBytesRandom(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        @Override
        public void nextBytes(byte[] target) {
            System.arraycopy(bytes, 0, target, 0, target.length);
        }
    }
}
