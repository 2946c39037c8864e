package dev.recaudo.application.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.LoginAttempts.Admission;
import dev.recaudo.application.fakes.InMemoryRateLimitCounterStore;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.ratelimit.RateLimiter;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 5: failed logins are counted per e-mail and address, per address, and per e-mail
 * up to a ceiling; successful ones are not, so that knowing the administrator's e-mail address is
 * not enough to lock them out.
 */
class LoginAttemptsTest {

    private static final Instant WINDOW_START = Instant.parse("2026-11-28T10:15:00Z");
    private static final String ADMIN = "Admin@Acme.test";
    private static final ClientAddress OFFICE = ClientAddress.single("203.0.113.7");
    private static final ClientAddress ATTACKER = ClientAddress.single("198.51.100.66");

    private final InMemoryRateLimitCounterStore store = new InMemoryRateLimitCounterStore();
    private final MutableClock clock = new MutableClock(WINDOW_START.plusSeconds(5));
    private final LoginAttempts attempts = new LoginAttempts(new RateLimiter(store, clock), new LoginAttempts.Limits(10, 30, 100));

    @Test
    void givenAnAttackerFailingTenTimesFromItsAddress_whenTheAdministratorLogsInFromTheirs_thenAdmitted() {
        failures(ADMIN, ATTACKER, 10);

        assertThat(attempts.admit(ADMIN, ATTACKER)).isInstanceOf(Admission.Refused.class);
        assertThat(attempts.admit(ADMIN, OFFICE)).isInstanceOf(Admission.Admitted.class);
    }

    @Test
    void givenSuccessfulLogins_whenCounted_thenNoneCountsAgainstTheLimits() {
        for (int i = 0; i < 50; i++) {
            Admission admission = attempts.admit(ADMIN, OFFICE);
            assertThat(admission).as("login %d", i).isInstanceOf(Admission.Admitted.class);
            attempts.succeeded(((Admission.Admitted) admission).attempt());
        }
        assertThat(store.hits("login:address:" + OFFICE.network(), WINDOW_START)).isZero();
        assertThat(store.hits("login:email:admin@acme.test", WINDOW_START)).isZero();
    }

    @Test
    void givenNineFailuresThenASuccess_whenTheAdministratorMistypesAgain_thenTenMoreAreAdmitted() {
        failures(ADMIN, OFFICE, 9);
        attempts.succeeded(((Admission.Admitted) attempts.admit(ADMIN, OFFICE)).attempt());

        failures(ADMIN, OFFICE, 10);
        assertThat(attempts.admit(ADMIN, OFFICE)).isInstanceOf(Admission.Refused.class);
        assertThat(store.hits("login:address:" + OFFICE.network(), WINDOW_START)).as("failures of the address stay counted")
                .isEqualTo(19);
    }

    @Test
    void givenOneAddressGuessingManyAddresses_whenItReachesItsLimit_thenRefusedForEveryEmail() {
        for (int i = 0; i < 30; i++) {
            failures("user" + i + "@acme.test", ATTACKER, 1);
        }

        Admission refused = attempts.admit("another@acme.test", ATTACKER);
        assertThat(refused).isInstanceOf(Admission.Refused.class);
        assertThat(((Admission.Refused) refused).decision().resetAt()).isEqualTo(WINDOW_START.plusSeconds(60));
        assertThat(store.hits("login:address+email:" + ATTACKER.client() + " another@acme.test", WINDOW_START))
                .as("a refused login gives back what it took").isZero();
        assertThat(attempts.admit("another@acme.test", OFFICE)).isInstanceOf(Admission.Admitted.class);
    }

    @Test
    void givenManyAddressesGuessingOneEmail_whenTheCeilingIsReached_thenRefusedFromEveryAddressUntilTheWindowEnds() {
        for (int i = 0; i < 10; i++) {
            failures(ADMIN, ClientAddress.single("192.0.2." + i), 10);
        }

        assertThat(attempts.admit(ADMIN, OFFICE)).isInstanceOf(Admission.Refused.class);
        assertThat(store.hits("login:address:" + OFFICE.network(), WINDOW_START)).as("a refused login gives back what it took").isZero();
        clock.set(WINDOW_START.plusSeconds(60));
        assertThat(attempts.admit(ADMIN, OFFICE)).isInstanceOf(Admission.Admitted.class);
    }

    @Test
    void givenTheEmailInAnotherCase_whenCounted_thenTheSameAddress() {
        failures("ADMIN@acme.TEST", OFFICE, 10);

        assertThat(attempts.admit(" admin@acme.test ", OFFICE)).isInstanceOf(Admission.Refused.class);
    }

    @Test
    void givenALoginAdmittedAtTheEndOfAWindow_whenItSucceedsInTheNext_thenItsHitIsGivenBackWhereItWasTaken() {
        clock.set(WINDOW_START.plusSeconds(59));
        failures(ADMIN, ATTACKER, 5);
        Admission.Admitted admitted = (Admission.Admitted) attempts.admit(ADMIN, OFFICE);
        clock.set(WINDOW_START.plusSeconds(61));

        attempts.succeeded(admitted.attempt());

        assertThat(store.hits("login:email:admin@acme.test", WINDOW_START)).isEqualTo(5);
    }

    /**
     * Review F6: one holder of an IPv6 /48 takes any of its /64s, so its failures on one account are
     * bounded by its network's limit (30), far below the ceiling (100) that would lock the account.
     */
    @Test
    void givenOneNetworkRotatingItsClients_whenGuessingOneEmail_thenItsNetworkLimitStopsItBeforeTheCeiling() {
        for (int i = 0; i < 3; i++) {
            failures(ADMIN, ipv6Client(i), 10);
        }

        assertThat(attempts.admit(ADMIN, ipv6Client(3))).isInstanceOf(Admission.Refused.class);
        assertThat(store.hits("login:email:admin@acme.test", WINDOW_START)).as("far below the ceiling").isEqualTo(30);
        assertThat(attempts.admit(ADMIN, OFFICE)).isInstanceOf(Admission.Admitted.class);
    }

    private static ClientAddress ipv6Client(int subnet) {
        return new ClientAddress("2001:db8:1:" + Integer.toHexString(subnet) + "::/64", "2001:db8:1::/48");
    }

    private void failures(String email, ClientAddress address, int count) {
        for (int i = 0; i < count; i++) {
            assertThat(attempts.admit(email, address)).as("failure %d of %s from %s", i, email, address)
                    .isInstanceOf(Admission.Admitted.class);
        }
    }
}
