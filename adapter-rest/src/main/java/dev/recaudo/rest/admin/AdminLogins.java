package dev.recaudo.rest.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.admin.LoginAttempts;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.common.EmailAddress;
import dev.recaudo.rest.common.ClientAddresses;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * An administrator's login, wherever it is made (the token of the API, the console's sign-in form):
 * failed logins counted per e-mail and client address, per address and per e-mail ({@link LoginAttempts}),
 * successful ones not, so knowing an administrator's e-mail is not enough to keep them out. Each
 * caller answers the outcome in its own family.
 */
@ApplicationScoped
public class AdminLogins {

    /** How a login ended. */
    public sealed interface Login {
        record Succeeded(AdminPrincipal admin) implements Login {}

        /** An unknown e-mail or a wrong password: the two are never told apart. */
        record WrongCredentials() implements Login {}

        /** The right password of an administrator whose company the operator disabled. */
        record CompanyDisabled() implements Login {}

        /** Too many failures lately; try again after this many seconds. */
        record TooManyFailures(long retryAfterSeconds) implements Login {}
    }

    private final AdminAuthenticationUseCase authentication;
    private final LoginAttempts attempts;
    private final ClientAddresses addresses;
    private final Clock clock;

    AdminLogins(AdminAuthenticationUseCase authentication, LoginAttempts attempts, ClientAddresses addresses, Clock clock) {
        this.authentication = authentication;
        this.attempts = attempts;
        this.addresses = addresses;
        this.clock = clock;
    }

    public Login login(String email, String password, HttpServerRequest http) {
        if (email == null || password == null || AdminUser.normalizeEmail(email).length() > EmailAddress.LENGTH_MAX) {
            // No administrator has such an address; nothing to count or to check.
            return new Login.WrongCredentials();
        }
        LoginAttempts.Admission admission = attempts.admit(email, addresses.of(http));
        if (admission instanceof LoginAttempts.Admission.Refused refused) {
            return new Login.TooManyFailures(refused.decision().retryAfterSeconds(clock.instant()));
        }
        LoginAttempts.Attempt attempt = ((LoginAttempts.Admission.Admitted) admission).attempt();
        AdminAuthentication result = authentication.authenticate(email, password);
        if (result instanceof AdminAuthentication.Authenticated authenticated) {
            attempts.succeeded(attempt);
            return new Login.Succeeded(authenticated.admin());
        }
        return switch (((AdminAuthentication.Rejected) result).reason()) {
            case INVALID_CREDENTIALS -> new Login.WrongCredentials();
            case COMPANY_DISABLED -> {
                attempts.succeeded(attempt); // the right password: no failure to count
                yield new Login.CompanyDisabled();
            }
        };
    }
}
