package dev.recaudo.application.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.admin.ConsoleSessionsUseCase.Opened;
import dev.recaudo.application.admin.ConsoleSessionsUseCase.Visit;
import dev.recaudo.application.fakes.FakePasswordHasher;
import dev.recaudo.application.fakes.InMemoryAdminUserRepository;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.InMemoryConsoleSessions;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fixtures.CompanyFixture;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.Company;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConsoleSessionsServiceTest {

    private static final Duration IDLE = Duration.ofMinutes(15);
    private static final Duration LONGEST = Duration.ofHours(1);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T15:00:00Z"));
    private final FakePasswordHasher hasher = new FakePasswordHasher();
    private final InMemoryAdminUserRepository admins = new InMemoryAdminUserRepository();
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryConsoleSessions sessions = new InMemoryConsoleSessions();
    private final ConsoleSessionsService service = new ConsoleSessionsService(sessions,
            new AdminAuthenticationService(admins, companies, hasher), new ConsoleSessionsService.Lifetimes(IDLE, LONGEST), new SecureRandom(), clock);

    private final AdminPrincipal ana = principal(companies.given(CompanyFixture.company().build()), "ana@example.com");

    @Test
    void givenASignedInAdministrator_whenOpened_thenItsIdIsRandomUnguessableAndOnlyItsHashIsStored() {
        Opened opened = service.open(ana);

        assertThat(opened.sessionId()).matches("[A-Za-z0-9_-]{43}");
        assertThat(opened.visit().admin()).isEqualTo(ana);
        assertThat(opened.visit().environment()).isEqualTo(KeyEnvironment.LIVE);
        assertThat(opened.visit().endsAt()).isEqualTo(clock.instant().plus(LONGEST));
        assertThat(sessions.openSessions()).singleElement().satisfies(stored -> assertThat(new String(stored.idHash().value(),
                StandardCharsets.ISO_8859_1)).doesNotContain(opened.sessionId()));
        Set<String> ids = new HashSet<>();
        IntStream.range(0, 100).forEach(i -> ids.add(service.open(ana).sessionId()));
        assertThat(ids).hasSize(100);
    }

    @Test
    void givenAnOpenSession_whenResumedByItsId_thenItsAdministratorAndEnvironment() {
        Opened opened = service.open(ana);

        assertThat(service.resume(opened.sessionId())).contains(opened.visit());
    }

    @Test
    void givenASessionUnusedForTheIdleTime_whenResumed_thenRefused() {
        Opened opened = service.open(ana);
        clock.advance(IDLE.minusSeconds(1));
        assertThat(service.resume(opened.sessionId())).as("one second before").isPresent();

        clock.advance(IDLE);

        assertThat(service.resume(opened.sessionId())).isEmpty();
        assertThat(sessions.openSessions()).as("ended for good, whatever a later idle time allows").isEmpty();
    }

    @Test
    void givenASessionUsedAllAlong_whenItsLongestLifetimeIsReached_thenRefusedAnyway() {
        Opened opened = service.open(ana);
        for (int minute = 10; minute < 60; minute += 10) {
            clock.advance(Duration.ofMinutes(10));
            assertThat(service.resume(opened.sessionId())).as("minute %d", minute).isPresent();
        }

        clock.advance(Duration.ofMinutes(10));

        assertThat(service.resume(opened.sessionId())).isEmpty();
    }

    @Test
    void givenRequestsWithinAMinute_whenResumed_thenTheStoreIsWrittenOncePerMinuteAtMost() {
        Opened opened = service.open(ana);
        for (int second = 0; second < 59; second++) {
            clock.advance(Duration.ofSeconds(1));
            service.resume(opened.sessionId());
        }
        assertThat(sessions.touches()).isZero();

        clock.advance(Duration.ofSeconds(1));
        service.resume(opened.sessionId());

        assertThat(sessions.touches()).isEqualTo(1);
    }

    @Test
    void givenAClosedSession_whenResumed_thenRefusedAndClosingAgainChangesNothing() {
        Opened opened = service.open(ana);
        Opened other = service.open(ana);

        service.close(opened.sessionId());
        service.close(opened.sessionId());

        assertThat(service.resume(opened.sessionId())).isEmpty();
        assertThat(service.resume(other.sessionId())).as("another session of the same person").isPresent();
    }

    @Test
    void givenTheCompanyIsDisabled_whenResumed_thenRefusedAndTheSessionEnded() {
        AdminPrincipal bea = principal(companies.given(CompanyFixture.company().named("Otra").disabled().build()), "bea@example.com");
        Opened opened = service.open(bea);

        assertThat(service.resume(opened.sessionId())).isEmpty();
        assertThat(sessions.openSessions()).isEmpty();
    }

    @Test
    void givenASwitchToTest_whenResumed_thenTheSessionShowsTestData() {
        Opened opened = service.open(ana);

        service.switchEnvironment(opened.visit(), KeyEnvironment.TEST);

        assertThat(service.resume(opened.sessionId())).hasValueSatisfying(visit ->
                assertThat(visit.environment()).isEqualTo(KeyEnvironment.TEST));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "short", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln"})
    void givenAnIdOfAnotherShape_whenResumedOrClosed_thenNothingIsLookedUp(String sessionId) {
        service.open(ana);

        assertThat(service.resume(sessionId)).isEmpty();
        service.close(sessionId);
        assertThat(sessions.openSessions()).hasSize(1);
    }

    @Test
    void givenAnotherSessionsIdWithOneCharacterChanged_whenResumed_thenRefused() {
        Opened opened = service.open(ana);
        char[] id = opened.sessionId().toCharArray();
        id[10] = id[10] == 'A' ? 'B' : 'A';

        assertThat(service.resume(new String(id))).isEmpty();
        assertThat(Arrays.equals(id, opened.sessionId().toCharArray())).isFalse();
    }

    private AdminPrincipal principal(Company company, String email) {
        AdminUser user = admins.given(new AdminUser(AdminUserId.random(), company.id(), email, hasher.hash("correct horse battery"), UserRole.ADMIN,
                CompanyFixture.CREATED_AT));
        return new AdminPrincipal(user.id(), user.companyId(), user.email(), user.role());
    }
}
