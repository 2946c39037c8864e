package dev.recaudo.application.card;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: the processor sessions of each checkout ({@code card_sessions}). */
public interface CardSessionBook {

    /**
     * Waits for, then holds until the transaction ends, the lock of the checkout's sessions: whoever
     * decides about them (Pay, an event, the reconciliation) decides alone.
     */
    void lock(TenantScope scope, UUID checkoutId);

    /** The checkout's newest session (highest {@code n}). */
    Optional<CardSession> latest(TenantScope scope, UUID checkoutId);

    /** The session the processor knows by {@code sessionId}, whatever its company: the caller checks that. */
    Optional<CardSession> bySessionId(String sessionId);

    void insert(CardSession session);

    void update(CardSession session);

    /** Open sessions of the environment unchanged since {@code before}, the longest unchanged first. */
    List<CardSession> openBefore(KeyEnvironment environment, Instant before, int limit);
}
