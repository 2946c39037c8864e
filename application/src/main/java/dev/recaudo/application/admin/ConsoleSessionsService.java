package dev.recaudo.application.admin;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminAuthentication;
import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.domain.admin.ConsoleSession;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.apikey.KeyEnvironment;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Console sessions kept in the store every instance shares and read on every request, so that one
 * ended on any instance is refused on all of them at once. A session's id is a {@link RandomTokens}
 * token; the store keeps its SHA-256 only. A request older than
 * {@link #TOUCH_EVERY} since the last one recorded is recorded, so a busy page does not write on
 * every request; the idle time is counted from that record, so a session may end up to that much
 * sooner than the idle time, never later.
 */
public final class ConsoleSessionsService implements ConsoleSessionsUseCase {

    static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

    /** How long a session lasts unused, and at most. */
    public record Lifetimes(Duration idle, Duration longest) {
        public Lifetimes {
            Objects.requireNonNull(idle, "idle");
            Objects.requireNonNull(longest, "longest");
            if (idle.isNegative() || idle.isZero() || longest.compareTo(idle) < 0) {
                throw new IllegalArgumentException("a session is idle for a while, and lasts at least that long");
            }
        }
    }

    private final ConsoleSessionStore sessions;
    private final AdminAuthenticationUseCase administrators;
    private final Lifetimes lifetimes;
    private final SecureRandom random;
    private final Clock clock;

    public ConsoleSessionsService(ConsoleSessionStore sessions, AdminAuthenticationUseCase administrators, Lifetimes lifetimes,
            SecureRandom random, Clock clock) {
        this.sessions = sessions;
        this.administrators = administrators;
        this.lifetimes = lifetimes;
        this.random = random;
        this.clock = clock;
    }

    @Override
    public Opened open(AdminPrincipal admin) {
        String sessionId = RandomTokens.next(random);
        Instant now = clock.instant();
        ConsoleSession session = new ConsoleSession(TokenDigest.of(sessionId), admin.companyId(), admin.adminUserId(), KeyEnvironment.LIVE,
                now, now, now.plus(lifetimes.longest()));
        sessions.insert(session);
        return new Opened(sessionId, new Visit(session.idHash(), admin, session.environment(), session.endsAt()));
    }

    @Override
    public Optional<Visit> resume(String sessionId) {
        if (!RandomTokens.wellFormed(sessionId)) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Optional<ConsoleSession> found = sessions.findOpen(TokenDigest.of(sessionId));
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ConsoleSession session = found.get();
        if (!session.activeAt(now, lifetimes.idle())) {
            // Over for good, whatever idle time a later configuration allows.
            sessions.end(session.idHash(), now);
            return Optional.empty();
        }
        if (!(administrators.authenticateById(session.companyId(), session.adminUserId())
                instanceof AdminAuthentication.Authenticated authenticated)) {
            // Removed, or the company disabled: the session is over for good.
            sessions.end(session.idHash(), now);
            return Optional.empty();
        }
        if (!now.isBefore(session.lastSeenAt().plus(TOUCH_EVERY))) {
            sessions.touch(session.idHash(), now);
        }
        return Optional.of(new Visit(session.idHash(), authenticated.admin(), session.environment(), session.endsAt()));
    }

    @Override
    public void switchEnvironment(Visit visit, KeyEnvironment environment) {
        sessions.switchEnvironment(visit.idHash(), environment);
    }

    @Override
    public void close(String sessionId) {
        if (RandomTokens.wellFormed(sessionId)) {
            sessions.end(TokenDigest.of(sessionId), clock.instant());
        }
    }

}
