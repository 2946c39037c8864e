package dev.recaudo.e2e.admin;

import static dev.recaudo.e2e.admin.Logins.ADMINISTRATOR;
import static dev.recaudo.e2e.admin.Logins.login;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 5: forwarding is on but no proxy is listed as trusted, so Quarkus would believe any
 * peer's {@code X-Forwarded-For}; the login counters do not, and count for the peer.
 */
@QuarkusTest
@TestProfile(LoginForwardingWithoutProxiesTest.ForwardingWithoutList.class)
class LoginForwardingWithoutProxiesTest {

    public static class ForwardingWithoutList implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.proxy.proxy-address-forwarding", "true");
        }
    }

    @Test
    void givenForwardingWithoutTrustedProxies_whenEachGuessForwardsAnotherAddress_thenTheyAllCountForThePeer() throws Exception {
        String email = "guessed-" + UUID.randomUUID() + "@example.test";
        Logins.inOneWindow();
        for (int i = 0; i < 10; i++) {
            assertThat(login(ADMINISTRATOR, "198.51.100." + i, email, "guess-" + i)).as("guess %d", i).isEqualTo(401);
        }
        assertThat(login(ADMINISTRATOR, "198.51.100.99", email, "guess-x")).isEqualTo(429);
    }
}
