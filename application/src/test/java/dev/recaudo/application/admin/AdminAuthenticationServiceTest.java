package dev.recaudo.application.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.fakes.FakePasswordHasher;
import dev.recaudo.application.fakes.InMemoryAdminUserRepository;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AdminAuthenticationServiceTest {

    private static final String EMAIL = "ana@example.com";
    private static final String PASSWORD = "correct horse battery";

    private final FakePasswordHasher hasher = new FakePasswordHasher();
    private final InMemoryAdminUserRepository admins = new InMemoryAdminUserRepository();
    private final AdminAuthenticationService service = new AdminAuthenticationService(admins, hasher);

    private final AdminUser ana = admins.given(new AdminUser(
            AdminUserId.random(), CompanyId.random(), EMAIL, hasher.hash(PASSWORD), Instant.parse("2025-01-15T09:00:00Z")));

    @Test
    void givenRightPassword_whenAuthenticating_thenPrincipalOfThatAdministrator() {
        Optional<AdminPrincipal> principal = service.authenticate(EMAIL, PASSWORD);

        assertThat(principal).contains(new AdminPrincipal(ana.id(), ana.companyId(), EMAIL));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ANA@EXAMPLE.COM", "Ana@Example.com", "  ana@example.com", "ana@example.com \t"})
    void givenEmailInAnotherCaseOrWithWhitespace_whenAuthenticating_thenSameAdministrator(String email) {
        Optional<AdminPrincipal> principal = service.authenticate(email, PASSWORD);

        assertThat(principal).map(AdminPrincipal::adminUserId).contains(ana.id());
        assertThat(principal).map(AdminPrincipal::email).contains(EMAIL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"wrong password", "", "correct horse battery ", "CORRECT HORSE BATTERY"})
    void givenWrongPassword_whenAuthenticating_thenEmpty(String password) {
        assertThat(service.authenticate(EMAIL, password)).isEmpty();
    }

    @Test
    void givenStoredHashAsPassword_whenAuthenticating_thenEmpty() {
        assertThat(service.authenticate(EMAIL, ana.passwordHash())).isEmpty();
    }

    @Test
    void givenUnknownEmail_whenAuthenticating_thenEmptyAfterCheckingAPasswordAnyway() {
        // The decoy check makes an unknown e-mail cost as much as a wrong password.
        int checksBefore = hasher.checks();

        Optional<AdminPrincipal> principal = service.authenticate("nobody@example.com", PASSWORD);

        assertThat(principal).isEmpty();
        assertThat(hasher.checks()).isEqualTo(checksBefore + 1);
    }

    @Test
    void givenUnknownEmailAndTheDecoyPassword_whenAuthenticating_thenEmpty() {
        assertThat(service.authenticate("nobody@example.com", "decoy-password-never-matches")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(value = {"NULL, secret-password", "ana@example.com, NULL", "NULL, NULL"}, nullValues = "NULL")
    void givenMissingEmailOrPassword_whenAuthenticating_thenEmpty(String email, String password) {
        assertThat(service.authenticate(email, password)).isEmpty();
    }
}
