package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.ConsoleSession;
import dev.recaudo.domain.admin.ConsoleSessionHash;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Console sessions in memory, with the ended ones remembered as the table keeps them. */
public final class InMemoryConsoleSessions implements ConsoleSessionStore {

    private final Map<ConsoleSessionHash, ConsoleSession> open = new HashMap<>();
    private final Map<ConsoleSessionHash, Instant> ended = new HashMap<>();
    private int touches;

    @Override
    public void insert(ConsoleSession session) {
        if (open.putIfAbsent(session.idHash(), session) != null || ended.containsKey(session.idHash())) {
            throw new IllegalStateException("a session id is never used twice");
        }
    }

    @Override
    public Optional<ConsoleSession> findOpen(ConsoleSessionHash idHash) {
        return Optional.ofNullable(open.get(idHash));
    }

    @Override
    public void touch(ConsoleSessionHash idHash, Instant seenAt) {
        touches++;
        open.computeIfPresent(idHash, (hash, session) -> new ConsoleSession(hash, session.companyId(), session.adminUserId(),
                session.environment(), session.createdAt(), seenAt, session.endsAt()));
    }

    @Override
    public void switchEnvironment(ConsoleSessionHash idHash, KeyEnvironment environment) {
        open.computeIfPresent(idHash, (hash, session) -> new ConsoleSession(hash, session.companyId(), session.adminUserId(),
                environment, session.createdAt(), session.lastSeenAt(), session.endsAt()));
    }

    @Override
    public void end(ConsoleSessionHash idHash, Instant endedAt) {
        if (open.remove(idHash) != null) {
            ended.put(idHash, endedAt);
        }
    }

    public List<ConsoleSession> openSessions() {
        return List.copyOf(open.values());
    }

    public int touches() {
        return touches;
    }
}
