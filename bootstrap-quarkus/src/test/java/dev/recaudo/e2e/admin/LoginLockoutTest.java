package dev.recaudo.e2e.admin;

import static dev.recaudo.e2e.admin.Logins.ADMINISTRATOR;
import static dev.recaudo.e2e.admin.Logins.ATTACKER;
import static dev.recaudo.e2e.admin.Logins.login;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 5: ten login attempts a minute used to lock the real administrator out, since every
 * attempt counted, per e-mail address only. Failed logins now count per e-mail and client address,
 * per address, and per e-mail up to a ceiling only many addresses reach; successes do not count. The
 * client address is the connection's peer here: no forwarding is configured, so
 * {@code X-Forwarded-For} changes nothing.
 */
@QuarkusTest
class LoginLockoutTest {

    @Test
    void givenAnAttackerFailingTenTimesFromItsAddress_whenTheAdministratorLogsInFromTheirs_thenAToken() throws Exception {
        Tenants.Company company = Tenants.company();
        Logins.inOneWindow();
        for (int i = 0; i < 10; i++) {
            assertThat(login(ATTACKER, null, company.adminEmail(), "guess-" + i)).as("guess %d", i).isEqualTo(401);
        }
        assertThat(login(ATTACKER, null, company.adminEmail(), "guess-x")).isEqualTo(429);
        assertThat(login(ATTACKER, null, company.adminEmail(), Tenants.PASSWORD)).as("the attacker's address, even right")
                .isEqualTo(429);

        assertThat(login(ADMINISTRATOR, null, company.adminEmail(), Tenants.PASSWORD)).isEqualTo(200);
    }

    @Test
    void givenTwelveSuccessfulLoginsInAMinute_whenLoggingInAgain_thenStillAToken() throws Exception {
        Tenants.Company company = Tenants.company();
        Logins.inOneWindow();
        for (int i = 0; i < 12; i++) {
            assertThat(login(ADMINISTRATOR, null, company.adminEmail(), Tenants.PASSWORD)).as("login %d", i).isEqualTo(200);
        }
    }

    @Test
    void givenNineMistakesThenTheRightPassword_whenMistypingAgain_thenTheCountStartsOver() throws Exception {
        Tenants.Company company = Tenants.company();
        Logins.inOneWindow();
        for (int i = 0; i < 9; i++) {
            assertThat(login(ADMINISTRATOR, null, company.adminEmail(), "typo-" + i)).isEqualTo(401);
        }
        assertThat(login(ADMINISTRATOR, null, company.adminEmail(), Tenants.PASSWORD)).isEqualTo(200);
        for (int i = 0; i < 10; i++) {
            assertThat(login(ADMINISTRATOR, null, company.adminEmail(), "typo-again-" + i)).as("typo %d", i).isEqualTo(401);
        }
        assertThat(login(ADMINISTRATOR, null, company.adminEmail(), "typo-x")).isEqualTo(429);
    }

    @Test
    void givenNoTrustedProxy_whenEachGuessForwardsAnotherAddress_thenTheyAllCountForThePeer() throws Exception {
        String email = "guessed-" + UUID.randomUUID() + "@example.test";
        Logins.inOneWindow();
        for (int i = 0; i < 10; i++) {
            assertThat(login(ATTACKER, "198.51.100." + i, email, "guess-" + i)).as("guess %d", i).isEqualTo(401);
        }
        assertThat(login(ATTACKER, "198.51.100.99", email, "guess-x")).isEqualTo(429);
    }
}
