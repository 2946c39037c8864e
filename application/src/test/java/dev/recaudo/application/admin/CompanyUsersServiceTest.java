package dev.recaudo.application.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.admin.CompanyUsersUseCase.Invited;
import dev.recaudo.application.admin.CompanyUsersUseCase.Joined;
import dev.recaudo.application.admin.CompanyUsersUseCase.Outcome;
import dev.recaudo.application.fakes.FakePasswordHasher;
import dev.recaudo.application.fakes.InMemoryAdminUserRepository;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.InMemoryConsoleSessions;
import dev.recaudo.application.fakes.InMemoryInvitations;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.RollbackTransactions;
import dev.recaudo.application.fixtures.CompanyFixture;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.Company;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CompanyUsersServiceTest {

    private static final String PASSWORD = "correct horse battery";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T15:00:00Z"));
    private final FakePasswordHasher hasher = new FakePasswordHasher();
    private final InMemoryAdminUserRepository people = new InMemoryAdminUserRepository();
    private final InMemoryInvitations invitations = new InMemoryInvitations();
    private final InMemoryConsoleSessions sessions = new InMemoryConsoleSessions();
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final RollbackTransactions transactions = new RollbackTransactions(people, invitations);
    private final CompanyUsersService service = new CompanyUsersService(people, invitations, sessions, companies, hasher, transactions,
            new SecureRandom(), clock);
    private final ConsoleSessionsService consoleSessions = new ConsoleSessionsService(sessions,
            new AdminAuthenticationService(people, companies, hasher),
            new ConsoleSessionsService.Lifetimes(Duration.ofMinutes(15), Duration.ofHours(1)), new SecureRandom(), clock);

    private final Company acme = companies.given(CompanyFixture.company().build());
    private final AdminPrincipal ana = person(acme, "ana@example.com", UserRole.ADMIN);

    @Test
    void givenAnInvitation_whenAcceptedWithAPassword_thenThePersonJoinsWithItsRoleOnce() {
        Invited.Made made = (Invited.Made) service.invite(ana, " Luis@Example.com ", UserRole.CLERK);

        assertThat(made.token()).matches("[A-Za-z0-9_-]{43}");
        assertThat(made.invitation().email()).isEqualTo("luis@example.com");
        assertThat(made.invitation().expiresAt()).isEqualTo(clock.instant().plus(Duration.ofDays(7)));
        assertThat(service.invitations(acme.id())).containsExactly(made.invitation());
        assertThat(service.invitation(made.token())).contains(made.invitation());

        Joined joined = service.accept(made.token(), PASSWORD);

        AdminPrincipal luis = ((Joined.Member) joined).person();
        assertThat(luis.role()).isEqualTo(UserRole.CLERK);
        assertThat(luis.companyId()).isEqualTo(acme.id());
        assertThat(people.findByEmail("luis@example.com")).hasValueSatisfying(user -> assertThat(hasher.matches(PASSWORD,
                user.passwordHash())).isTrue());
        assertThat(service.accept(made.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
        assertThat(service.invitations(acme.id())).isEmpty();
        assertThat(service.people(acme.id())).extracting(CompanyUsersUseCase.Person::email)
                .containsExactly("ana@example.com", "luis@example.com");
    }

    @Test
    void givenAnInvitationPastItsWeekOrRevoked_whenAccepted_thenNoOneJoins() {
        Invited.Made late = (Invited.Made) service.invite(ana, "late@example.com", UserRole.VIEWER);
        Invited.Made revoked = (Invited.Made) service.invite(ana, "revoked@example.com", UserRole.VIEWER);
        assertThat(service.revokeInvitation(ana, revoked.invitation().id())).isEqualTo(Outcome.DONE);
        clock.advance(Duration.ofDays(7));

        assertThat(service.accept(late.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
        assertThat(service.accept(revoked.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
        assertThat(service.accept("A".repeat(43), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
        assertThat(people.all()).hasSize(1);
    }

    @Test
    void givenAShortPasswordOrAnEmailTakenMeanwhile_whenAccepted_thenRefusedAndTheInvitationStillOpen() {
        Invited.Made made = (Invited.Made) service.invite(ana, "eva@example.com", UserRole.VIEWER);
        assertThat(service.accept(made.token(), "short")).isEqualTo(new Joined.Refused(Outcome.PASSWORD_REFUSED));

        person(companies.given(CompanyFixture.company().named("Otra").build()), "eva@example.com", UserRole.ADMIN);

        assertThat(service.accept(made.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.EMAIL_TAKEN));
        assertThat(service.invitation(made.token())).isPresent();
    }

    @Test
    void givenAViewerOrAClerk_whenInvitingChangingRolesOrRemoving_thenForbidden() {
        AdminPrincipal clerk = person(acme, "clerk@example.com", UserRole.CLERK);

        assertThat(service.invite(clerk, "x@example.com", UserRole.ADMIN)).isEqualTo(new Invited.Refused(Outcome.FORBIDDEN));
        assertThat(service.changeRole(clerk, clerk.adminUserId(), UserRole.ADMIN)).isEqualTo(Outcome.FORBIDDEN);
        assertThat(service.remove(clerk, ana.adminUserId())).isEqualTo(Outcome.FORBIDDEN);
        assertThat(people.findByEmail("clerk@example.com")).hasValueSatisfying(user -> assertThat(user.role()).isEqualTo(UserRole.CLERK));
    }

    @Test
    void givenInvalidOrTakenEmails_whenInviting_thenRefused() {
        assertThat(service.invite(ana, "not an e-mail", UserRole.VIEWER)).isEqualTo(new Invited.Refused(Outcome.EMAIL_INVALID));
        assertThat(service.invite(ana, null, UserRole.VIEWER)).isEqualTo(new Invited.Refused(Outcome.EMAIL_INVALID));
        assertThat(service.invite(ana, "ANA@example.com", UserRole.VIEWER)).isEqualTo(new Invited.Refused(Outcome.EMAIL_TAKEN));
    }

    @Test
    void givenTheOnlyAdministrator_whenDemotedOrRemoved_thenRefusedUntilAnotherAdministratorExists() {
        assertThat(service.changeRole(ana, ana.adminUserId(), UserRole.VIEWER)).isEqualTo(Outcome.LAST_ADMINISTRATOR);
        assertThat(service.remove(ana, ana.adminUserId())).isEqualTo(Outcome.LAST_ADMINISTRATOR);

        AdminPrincipal bea = person(acme, "bea@example.com", UserRole.VIEWER);
        assertThat(service.changeRole(ana, bea.adminUserId(), UserRole.ADMIN)).isEqualTo(Outcome.DONE);
        assertThat(service.changeRole(ana, ana.adminUserId(), UserRole.VIEWER)).isEqualTo(Outcome.DONE);

        assertThat(service.people(acme.id())).extracting(CompanyUsersUseCase.Person::role)
                .containsExactly(UserRole.VIEWER, UserRole.ADMIN);
    }

    @Test
    void givenAPersonOfAnotherCompany_whenChangedOrRemoved_thenNotFound() {
        AdminPrincipal other = person(companies.given(CompanyFixture.company().named("Otra").build()), "otro@example.com", UserRole.VIEWER);

        assertThat(service.changeRole(ana, other.adminUserId(), UserRole.ADMIN)).isEqualTo(Outcome.NOT_FOUND);
        assertThat(service.remove(ana, other.adminUserId())).isEqualTo(Outcome.NOT_FOUND);
        assertThat(people.findByEmail("otro@example.com")).isPresent();
    }

    @Test
    void givenARemovedPerson_whenTheirSessionIsUsed_thenRefused() {
        AdminPrincipal bea = person(acme, "bea@example.com", UserRole.CLERK);
        String session = consoleSessions.open(bea).sessionId();

        assertThat(service.remove(ana, bea.adminUserId())).isEqualTo(Outcome.DONE);

        assertThat(consoleSessions.resume(session)).isEmpty();
        assertThat(people.findByEmail("bea@example.com")).isEmpty();
    }

    @Test
    void givenAPasswordChange_whenTheirSessionsAreUsed_thenEveryOneIsEndedAndTheNewPasswordWorks() {
        String first = consoleSessions.open(ana).sessionId();
        String second = consoleSessions.open(ana).sessionId();

        assertThat(service.changePassword(ana, "short")).isEqualTo(Outcome.PASSWORD_REFUSED);
        assertThat(consoleSessions.resume(first)).isPresent();
        assertThat(service.changePassword(ana, "a new correct horse")).isEqualTo(Outcome.DONE);

        assertThat(consoleSessions.resume(first)).isEmpty();
        assertThat(consoleSessions.resume(second)).isEmpty();
        assertThat(hasher.matches("a new correct horse", people.findByEmail("ana@example.com").orElseThrow().passwordHash())).isTrue();
    }

    private AdminPrincipal person(Company company, String email, UserRole role) {
        AdminUser user = people.given(new AdminUser(AdminUserId.random(), company.id(), email, hasher.hash(PASSWORD), role,
                CompanyFixture.CREATED_AT));
        return new AdminPrincipal(user.id(), user.companyId(), user.email(), user.role());
    }

    @Test
    void givenAnInviterRemovedOrDemoted_whenTheirInvitationsAreAccepted_thenNoOneJoins() {
        AdminPrincipal bea = person(acme, "bea@example.com", UserRole.ADMIN);
        Invited.Made fromBea = (Invited.Made) service.invite(bea, "friend@example.com", UserRole.ADMIN);
        Invited.Made fromAna = (Invited.Made) service.invite(ana, "kept@example.com", UserRole.VIEWER);

        assertThat(service.changeRole(ana, bea.adminUserId(), UserRole.VIEWER)).isEqualTo(Outcome.DONE);

        assertThat(service.accept(fromBea.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
        assertThat(service.invitations(acme.id())).extracting(CompanyUsersUseCase.PendingInvitation::email)
                .containsExactly("kept@example.com");
        assertThat(service.accept(fromAna.token(), PASSWORD)).isInstanceOf(Joined.Member.class);
    }

    @Test
    void givenAnAdministratorDemotedWhileTheirRequestWasUnderWay_whenTheRequestActs_thenForbidden() {
        AdminPrincipal bea = person(acme, "bea@example.com", UserRole.ADMIN);
        AdminPrincipal cid = person(acme, "cid@example.com", UserRole.VIEWER);
        service.changeRole(ana, bea.adminUserId(), UserRole.VIEWER);

        assertThat(service.changeRole(bea, cid.adminUserId(), UserRole.ADMIN)).as("bea's principal still says admin")
                .isEqualTo(Outcome.FORBIDDEN);
        assertThat(service.remove(bea, ana.adminUserId())).isEqualTo(Outcome.FORBIDDEN);
        assertThat(service.invite(bea, "x@example.com", UserRole.ADMIN)).isEqualTo(new Invited.Refused(Outcome.FORBIDDEN));
    }

    @Test
    void givenTheCompanyDisabled_whenAnInvitationIsAccepted_thenNoOneJoins() {
        Company disabled = companies.given(CompanyFixture.company().named("Cerrada").disabled().build());
        AdminPrincipal owner = person(disabled, "owner@example.com", UserRole.ADMIN);
        Invited.Made made = (Invited.Made) service.invite(owner, "late@example.com", UserRole.VIEWER);

        assertThat(service.accept(made.token(), PASSWORD)).isEqualTo(new Joined.Refused(Outcome.NOT_FOUND));
    }
}
