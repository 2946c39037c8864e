package dev.recaudo.application.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminRejection;
import dev.recaudo.application.fakes.FakePasswordHasher;
import dev.recaudo.application.fakes.InMemoryAdminUserRepository;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fixtures.CompanyFixture;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.company.Company;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AdminAuthenticationServiceTest {

    private static final String EMAIL = "ana@example.com";
    private static final String PASSWORD = "correct horse battery";
    private static final AdminAuthentication INVALID = new AdminAuthentication.Rejected(AdminRejection.INVALID_CREDENTIALS);
    private static final AdminAuthentication DISABLED = new AdminAuthentication.Rejected(AdminRejection.COMPANY_DISABLED);

    private final FakePasswordHasher hasher = new FakePasswordHasher();
    private final InMemoryAdminUserRepository admins = new InMemoryAdminUserRepository();
    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final AdminAuthenticationService service = new AdminAuthenticationService(admins, companies, hasher);

    private final Company acme = companies.given(CompanyFixture.company().build());
    private final AdminUser ana = admins.given(admin(acme, EMAIL));

    @Test
    void givenRightPassword_whenAuthenticating_thenPrincipalOfThatAdministrator() {
        assertThat(service.authenticate(EMAIL, PASSWORD))
                .isEqualTo(new AdminAuthentication.Authenticated(new AdminPrincipal(ana.id(), ana.companyId(), EMAIL, UserRole.ADMIN)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ANA@EXAMPLE.COM", "Ana@Example.com", "  ana@example.com", "ana@example.com \t"})
    void givenEmailInAnotherCaseOrWithWhitespace_whenAuthenticating_thenSameAdministrator(String email) {
        assertThat(service.authenticate(email, PASSWORD))
                .isEqualTo(new AdminAuthentication.Authenticated(new AdminPrincipal(ana.id(), ana.companyId(), EMAIL, UserRole.ADMIN)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"wrong password", "", "correct horse battery ", "CORRECT HORSE BATTERY"})
    void givenWrongPassword_whenAuthenticating_thenInvalidCredentials(String password) {
        assertThat(service.authenticate(EMAIL, password)).isEqualTo(INVALID);
    }

    @Test
    void givenStoredHashAsPassword_whenAuthenticating_thenInvalidCredentials() {
        assertThat(service.authenticate(EMAIL, ana.passwordHash())).isEqualTo(INVALID);
    }

    @Test
    void givenUnknownEmail_whenAuthenticating_thenInvalidCredentialsAfterCheckingAPasswordAnyway() {
        // The decoy check makes an unknown e-mail cost as much as a wrong password.
        int checksBefore = hasher.checks();

        assertThat(service.authenticate("nobody@example.com", PASSWORD)).isEqualTo(INVALID);
        assertThat(hasher.checks()).isEqualTo(checksBefore + 1);
    }

    @Test
    void givenUnknownEmailAndTheDecoyPassword_whenAuthenticating_thenInvalidCredentials() {
        assertThat(service.authenticate("nobody@example.com", "decoy-password-never-matches")).isEqualTo(INVALID);
    }

    @ParameterizedTest
    @CsvSource(value = {"NULL, secret-password", "ana@example.com, NULL", "NULL, NULL"}, nullValues = "NULL")
    void givenMissingEmailOrPassword_whenAuthenticating_thenInvalidCredentials(String email, String password) {
        assertThat(service.authenticate(email, password)).isEqualTo(INVALID);
    }

    @Test
    void givenDisabledCompany_whenAuthenticatingWithTheRightPassword_thenCompanyDisabled() {
        companies.update(acme.withEnabled(false));

        assertThat(service.authenticate(EMAIL, PASSWORD)).isEqualTo(DISABLED);
    }

    @Test
    void givenDisabledCompany_whenAuthenticatingWithAWrongPassword_thenInvalidCredentialsSoNothingIsRevealed() {
        companies.update(acme.withEnabled(false));

        assertThat(service.authenticate(EMAIL, "wrong password")).isEqualTo(INVALID);
    }

    @Test
    void givenAdministratorOfTheClaimedCompany_whenAuthenticatingById_thenPrincipalFromTheStore() {
        assertThat(service.authenticateById(acme.id(), ana.id()))
                .isEqualTo(new AdminAuthentication.Authenticated(new AdminPrincipal(ana.id(), acme.id(), EMAIL, UserRole.ADMIN)));
    }

    @Test
    void givenUnknownAdministrator_whenAuthenticatingById_thenInvalidCredentials() {
        assertThat(service.authenticateById(acme.id(), AdminUserId.random())).isEqualTo(INVALID);
    }

    @Test
    void givenAdministratorOfAnotherCompany_whenAuthenticatingByIdForThisOne_thenInvalidCredentials() {
        Company other = companies.given(CompanyFixture.company().named("Otra").build());
        AdminUser bea = admins.given(admin(other, "bea@example.com"));

        assertThat(service.authenticateById(acme.id(), bea.id())).isEqualTo(INVALID);
    }

    @Test
    void givenDisabledCompany_whenAuthenticatingById_thenCompanyDisabled() {
        companies.update(acme.withEnabled(false));

        assertThat(service.authenticateById(acme.id(), ana.id())).isEqualTo(DISABLED);
    }

    private AdminUser admin(Company company, String email) {
        return new AdminUser(AdminUserId.random(), company.id(), email, hasher.hash(PASSWORD), UserRole.ADMIN,
                CompanyFixture.CREATED_AT);
    }
}
