package dev.recaudo.application.fakes;

import dev.recaudo.application.card.CardSession;
import dev.recaudo.application.card.CardSessionBook;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Card sessions in memory; the lock is the database's business, so it only counts the times it was taken. */
public final class InMemoryCardSessionBook implements CardSessionBook {

    private final List<CardSession> rows = new ArrayList<>();
    private int locks;

    @Override
    public synchronized void lock(TenantScope scope, UUID checkoutId) {
        locks++;
    }

    @Override
    public synchronized Optional<CardSession> latest(TenantScope scope, UUID checkoutId) {
        return rows.stream().filter(row -> row.scope().equals(scope) && row.checkoutId().equals(checkoutId))
                .max(Comparator.comparingInt(CardSession::n));
    }

    @Override
    public synchronized Optional<CardSession> bySessionId(String sessionId) {
        return rows.stream().filter(row -> row.sessionId().filter(sessionId::equals).isPresent()).findFirst();
    }

    @Override
    public synchronized void insert(CardSession session) {
        if (rows.stream().anyMatch(row -> row.checkoutId().equals(session.checkoutId())
                && (row.n() == session.n() || row.isLive() && session.isLive()))) {
            throw new IllegalStateException("card_sessions: a second session numbered " + session.n() + " or a second live one");
        }
        rows.add(session);
    }

    @Override
    public synchronized void update(CardSession session) {
        rows.replaceAll(row -> row.checkoutId().equals(session.checkoutId()) && row.n() == session.n() ? session : row);
    }

    @Override
    public synchronized List<CardSession> openBefore(KeyEnvironment environment, Instant before, int limit) {
        return rows.stream().filter(row -> row.isLive() && row.scope().environment() == environment
                && row.updatedAt().isBefore(before)).sorted(Comparator.comparing(CardSession::updatedAt)).limit(limit).toList();
    }

    public synchronized List<CardSession> all() {
        return List.copyOf(rows);
    }

    public synchronized int locks() {
        return locks;
    }
}
