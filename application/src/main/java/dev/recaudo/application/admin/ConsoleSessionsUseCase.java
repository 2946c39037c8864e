package dev.recaudo.application.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Instant;
import java.util.Optional;

/**
 * Inbound port of the company console's sessions (docs/console.md): begun for an administrator who
 * signed in, resumed by the id in the browser's cookie on every request, ended by signing out.
 */
public interface ConsoleSessionsUseCase {

    /** Begins a session showing live data; the id it answers goes to the browser and nowhere else. */
    Opened open(AdminPrincipal admin);

    /**
     * The session {@code sessionId} names, if it may still be used: not ended, used within the idle
     * time, before its end, its administrator still one of an enabled company. Records the request.
     */
    Optional<Visit> resume(String sessionId);

    /** Shows the other environment's data from the next request on. */
    void switchEnvironment(Visit visit, KeyEnvironment environment);

    /** Ends the session {@code sessionId} names, on every instance; an unknown or ended one is left as it is. */
    void close(String sessionId);

    record Opened(String sessionId, Visit visit) {}

    /** A request of a session: who makes it, which environment it sees, and when the session ends at the latest. */
    record Visit(TokenDigest idHash, AdminPrincipal admin, KeyEnvironment environment, Instant endsAt) {}
}
