package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.ConsoleSession;
import dev.recaudo.domain.admin.TokenDigest;
import dev.recaudo.domain.admin.ConsoleSessionStore;
import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Console sessions in memory, with the ended ones remembered as the table keeps them. */
public final class InMemoryConsoleSessions implements ConsoleSessionStore {

    private final Map<TokenDigest, ConsoleSession> open = new HashMap<>();
    private final Map<TokenDigest, Instant> ended = new HashMap<>();
    private int touches;

    @Override
    public void insert(ConsoleSession session) {
        if (open.putIfAbsent(session.idHash(), session) != null || ended.containsKey(session.idHash())) {
            throw new IllegalStateException("a session id is never used twice");
        }
    }

    @Override
    public Optional<ConsoleSession> findOpen(TokenDigest idHash) {
        return Optional.ofNullable(open.get(idHash));
    }

    @Override
    public void touch(TokenDigest idHash, Instant seenAt) {
        touches++;
        open.computeIfPresent(idHash, (hash, session) -> new ConsoleSession(hash, session.companyId(), session.adminUserId(),
                session.environment(), session.createdAt(), seenAt, session.endsAt()));
    }

    @Override
    public void switchEnvironment(TokenDigest idHash, KeyEnvironment environment) {
        open.computeIfPresent(idHash, (hash, session) -> new ConsoleSession(hash, session.companyId(), session.adminUserId(),
                environment, session.createdAt(), session.lastSeenAt(), session.endsAt()));
    }

    @Override
    public void end(TokenDigest idHash, Instant endedAt) {
        if (open.remove(idHash) != null) {
            ended.put(idHash, endedAt);
        }
    }

    @Override
    public int endAllOf(AdminUserId adminUserId, Instant endedAt) {
        List<TokenDigest> theirs = open.values().stream().filter(session -> session.adminUserId().equals(adminUserId))
                .map(ConsoleSession::idHash).toList();
        theirs.forEach(digest -> end(digest, endedAt));
        return theirs.size();
    }

    public List<ConsoleSession> openSessions() {
        return List.copyOf(open.values());
    }

    public int touches() {
        return touches;
    }
}
