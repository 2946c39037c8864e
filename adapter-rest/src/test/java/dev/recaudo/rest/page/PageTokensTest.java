package dev.recaudo.rest.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.security.SigningKeyStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The Pay form's token: one checkout, one hour, one shared secret. */
class PageTokensTest {

    private static final Instant ISSUED = Instant.parse("2030-05-17T12:00:00Z");

    /** The secrets as the database keeps them: created once per name, then the same for everyone. */
    private static final class StoredSecrets implements SigningKeyStore {
        private final Map<String, byte[]> secrets = new HashMap<>();

        @Override
        public EncodedKeyPair loadOrCreate(String name, Supplier<EncodedKeyPair> generator) {
            throw new UnsupportedOperationException("the page signs with a secret only");
        }

        @Override
        public byte[] loadOrCreateSecret(String name, Supplier<byte[]> generator) {
            return secrets.computeIfAbsent(name, absent -> generator.get());
        }
    }

    private static PageTokens at(SigningKeyStore keys, Instant now) {
        return new PageTokens(keys, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void givenTokenOfOneInstance_whenVerifiedByAnotherWithinTheHour_thenAccepted() {
        StoredSecrets keys = new StoredSecrets();
        UUID checkout = UUID.randomUUID();
        String token = at(keys, ISSUED).issue(checkout);
        assertThat(at(keys, ISSUED.plus(PageTokens.LIFETIME)).verify(checkout, token)).isTrue();
    }

    @Test
    void givenTokenPastItsHour_whenVerified_thenRefused() {
        StoredSecrets keys = new StoredSecrets();
        UUID checkout = UUID.randomUUID();
        String token = at(keys, ISSUED).issue(checkout);
        assertThat(at(keys, ISSUED.plus(PageTokens.LIFETIME).plusSeconds(1)).verify(checkout, token)).isFalse();
    }

    @Test
    void givenTokenWithItsExpiryPushedLater_whenVerified_thenRefused() {
        StoredSecrets keys = new StoredSecrets();
        UUID checkout = UUID.randomUUID();
        String token = at(keys, ISSUED).issue(checkout);
        String extended = (Long.parseLong(token.substring(0, token.indexOf('.'))) + 86_400) + token.substring(token.indexOf('.'));
        assertThat(at(keys, ISSUED).verify(checkout, extended)).isFalse();
    }

    @Test
    void givenTokenOfAnotherCheckoutOrAnotherSecret_whenVerified_thenRefused() {
        StoredSecrets keys = new StoredSecrets();
        UUID checkout = UUID.randomUUID();
        String token = at(keys, ISSUED).issue(checkout);
        assertThat(at(keys, ISSUED).verify(UUID.randomUUID(), token)).isFalse();
        assertThat(at(new StoredSecrets(), ISSUED).verify(checkout, token)).isFalse();
    }

    @Test
    void givenMalformedTokens_whenVerified_thenRefusedWithoutFailing() {
        PageTokens tokens = at(new StoredSecrets(), ISSUED);
        UUID checkout = UUID.randomUUID();
        for (String token : new String[] {null, "", ".", "x.y", ".abc", "99999999999999999999.abc", "-1.abc", "1".repeat(101)}) {
            assertThat(tokens.verify(checkout, token)).as(String.valueOf(token)).isFalse();
        }
    }
}
