package dev.recaudo.domain.admin;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Instant;
import java.util.Optional;

/**
 * Outbound port: the console's sessions, shared by every instance (a session begun on one is used,
 * and ended, on any other), read on every request.
 */
public interface ConsoleSessionStore {

    void insert(ConsoleSession session);

    /** The session with this hash, unless it was ended. */
    Optional<ConsoleSession> findOpen(TokenDigest idHash);

    /** Records a request at {@code seenAt}; a session ended meanwhile stays ended. */
    void touch(TokenDigest idHash, Instant seenAt);

    void switchEnvironment(TokenDigest idHash, KeyEnvironment environment);

    /** Ends one session; ending it again changes nothing. */
    void end(TokenDigest idHash, Instant endedAt);

    /** Ends every open session of a person (a password changed); answers how many. */
    int endAllOf(AdminUserId adminUserId, Instant endedAt);
}
