package dev.recaudo.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StandardWebhookSignatureTest {

    /**
     * The example of the Standard Webhooks specification, recomputed independently with
     * {@code printf '%s' 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}'
     * | openssl dgst -sha256 -mac HMAC -macopt hexkey:31f290f6bf06298aab4f08d43c3f082cf648a362da2da4b0 -binary | base64},
     * where the hex key is the base64 after {@code whsec_} decoded.
     */
    private static final String SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Test
    void givenSpecificationVector_whenSigned_thenMatchesOpensslResult() {
        String signature = StandardWebhookSignature.sign(
                SPEC_SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{\"test\": 2432232314}");

        assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    /** Computed the same way with openssl; the body holds ñ and € to pin UTF-8 encoding of the signed content. */
    @Test
    void givenBodyWithNonAsciiCharacters_whenSigned_thenTheUtf8BytesAreSigned() {
        String signature = StandardWebhookSignature.sign(
                SPEC_SECRET, "evt_01", 1700000000L, "{\"cliente\":\"Peña\",\"total\":\"€10\"}");

        assertThat(signature).isEqualTo("v1,scH/NNWok60PmOW8vAN1kc/yEnsPpZYKJaIP9oDrA4I=");
    }

    /**
     * Two secrets, as during a rotation's overlap: the specification's example signature, then the
     * second secret's, computed with the openssl command above with hexkey the bytes of
     * {@code cmVjYXVkbyByb3RhdGlvbiB0ZXN0IGtl} ("recaudo rotation test ke").
     */
    @Test
    void givenTwoSecrets_whenSigned_thenOneSignaturePerSecretInOrderSeparatedBySpace() {
        String header = StandardWebhookSignature.signWithEach(List.of(SPEC_SECRET, "whsec_cmVjYXVkbyByb3RhdGlvbiB0ZXN0IGtl"),
                "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{\"test\": 2432232314}");

        assertThat(header).isEqualTo(
                "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,UN5STIMfKBBYg7/UGfXskuaEfkUxPHb4rB5spXq7b6A=");
    }

    @Test
    void givenOneSecretInAList_whenSigned_thenTheSameAsTheSingleSignature() {
        assertThat(StandardWebhookSignature.signWithEach(List.of(SPEC_SECRET), "msg_1", 1L, "{}"))
                .isEqualTo(StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 1L, "{}"));
    }

    @Test
    void givenNoSecretOrAMalformedOneInTheList_whenSigned_thenIllegalArgument() {
        assertThatThrownBy(() -> StandardWebhookSignature.signWithEach(List.of(), "msg_1", 1L, "{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing");
        assertThatThrownBy(
                () -> StandardWebhookSignature.signWithEach(List.of(SPEC_SECRET, "whsec_not base64!"), "msg_1", 1L, "{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base64");
    }

    @Test
    void givenAnySignature_whenInspected_thenItIsVersionOneAndBase64OfThirtyTwoBytes() {
        String signature = StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 1L, "{}");

        assertThat(signature).matches("v1,[A-Za-z0-9+/]{43}=");
        assertThat(Base64.getDecoder().decode(signature.substring("v1,".length()))).hasSize(32);
    }

    @Test
    void givenSecretWithoutPrefix_whenSigned_thenSameAsWithPrefix() {
        String withPrefix = StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 1L, "{}");
        String withoutPrefix = StandardWebhookSignature.sign(SPEC_SECRET.substring("whsec_".length()), "msg_1", 1L, "{}");

        assertThat(withoutPrefix).isEqualTo(withPrefix);
    }

    @Test
    void givenChangedIdTimestampOrBody_whenSigned_thenSignatureChanges() {
        String base = StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 1L, "{}");

        assertThat(StandardWebhookSignature.sign(SPEC_SECRET, "msg_2", 1L, "{}")).isNotEqualTo(base);
        assertThat(StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 2L, "{}")).isNotEqualTo(base);
        assertThat(StandardWebhookSignature.sign(SPEC_SECRET, "msg_1", 1L, "{ }")).isNotEqualTo(base);
    }

    @Test
    void givenMalformedSecret_whenSigned_thenIllegalArgument() {
        assertThatThrownBy(() -> StandardWebhookSignature.sign("whsec_not base64!", "msg_1", 1L, "{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base64");
        assertThatThrownBy(() -> StandardWebhookSignature.sign("whsec_", "msg_1", 1L, "{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> StandardWebhookSignature.sign(null, "msg_1", 1L, "{}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenRandomSource_whenNewSecret_thenPrefixedBase64OfTwentyFourBytesAndUnique() {
        SecureRandom random = new SecureRandom();
        Set<String> secrets = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            String secret = StandardWebhookSignature.newSecret(random);
            assertThat(secret).startsWith("whsec_");
            assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length()))).hasSize(24);
            secrets.add(secret);
        }
        assertThat(secrets).hasSize(20);
    }

    @Test
    void givenNewSecret_whenUsedToSign_thenItWorks() {
        String secret = StandardWebhookSignature.newSecret(new SecureRandom());

        assertThat(StandardWebhookSignature.sign(secret, "msg_1", 1L, "{}")).startsWith("v1,");
    }
}
