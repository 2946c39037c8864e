package dev.recaudo.e2e.admin;

import static dev.recaudo.e2e.admin.Logins.ADMINISTRATOR;
import static dev.recaudo.e2e.admin.Logins.ATTACKER;
import static dev.recaudo.e2e.admin.Logins.login;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 5, behind a proxy at 127.0.0.1 that Quarkus trusts: failed logins count for the
 * client the proxy names in {@code X-Forwarded-For}, and the same header from any other peer is
 * ignored (that peer is the client).
 */
@QuarkusTest
@TestProfile(LoginBehindProxyTest.TrustedProxy.class)
class LoginBehindProxyTest {

    public static class TrustedProxy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "quarkus.http.proxy.proxy-address-forwarding", "true",
                    "quarkus.http.proxy.trusted-proxies", ADMINISTRATOR,
                    "recaudo.admin.login-failures-per-address-per-minute", "30");
        }
    }

    @Test
    void givenAnAttackerBehindTheProxy_whenItFailsTenTimes_thenTheAdministratorBehindTheSameProxyStillLogsIn() throws Exception {
        Tenants.Company company = Tenants.company();
        Logins.inOneWindow();
        for (int i = 0; i < 10; i++) {
            assertThat(login(ADMINISTRATOR, "198.51.100.66", company.adminEmail(), "guess-" + i)).isEqualTo(401);
        }
        assertThat(login(ADMINISTRATOR, "198.51.100.66", company.adminEmail(), "guess-x")).isEqualTo(429);

        assertThat(login(ADMINISTRATOR, "203.0.113.7", company.adminEmail(), Tenants.PASSWORD)).isEqualTo(200);
    }

    @Test
    void givenAPeerThatIsNotTheProxy_whenItForwardsAnotherAddressEachTime_thenItsGuessesCountForItself() throws Exception {
        Tenants.Company company = Tenants.company();
        Logins.inOneWindow();
        for (int i = 0; i < 10; i++) {
            assertThat(login(ATTACKER, "198.51.100." + i, company.adminEmail(), "guess-" + i)).isEqualTo(401);
        }
        assertThat(login(ATTACKER, "198.51.100.99", company.adminEmail(), "guess-x")).isEqualTo(429);
    }

    @Test
    void givenOneForwardedAddressGuessingManyEmails_whenItReachesThirty_thenRefusedForAnyEmail() throws Exception {
        Logins.inOneWindow();
        for (int i = 0; i < 30; i++) {
            assertThat(login(ADMINISTRATOR, "192.0.2.30", "user" + i + "-" + System.nanoTime() + "@example.test", "guess"))
                    .as("guess %d", i).isEqualTo(401);
        }
        assertThat(login(ADMINISTRATOR, "192.0.2.30", "another@example.test", "guess")).isEqualTo(429);
        assertThat(login(ADMINISTRATOR, "192.0.2.31", "another@example.test", "guess")).isEqualTo(401);
    }
}
