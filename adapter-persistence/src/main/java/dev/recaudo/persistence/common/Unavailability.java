package dev.recaudo.persistence.common;

import dev.recaudo.domain.common.StoreUnavailable;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a failure that will pass (the database out of reach, out of connections, shutting down, or a
 * lock race lost) from one that will not, by the SQLState of the cause. The pool's own timeout while
 * waiting for a connection carries no SQLState and is known by its message.
 */
final class Unavailability {

    /** Connection exceptions (class 08) and insufficient resources (class 53, such as too many connections). */
    private static final Set<String> TRANSIENT_CLASSES = Set.of("08", "53");

    /**
     * Admin, crash and start-up shutdowns, and a serialization failure or deadlock still lost after
     * the retries. Not {@code 55P03} (lock not available): only a statement that sets a lock timeout
     * can meet it, and that statement's caller decides what it means (a twin request in progress).
     */
    private static final Set<String> TRANSIENT_STATES = Set.of("57P01", "57P02", "57P03", "40001", "40P01");

    /**
     * What Agroal, the pool, says when no connection was had within its acquisition timeout, in
     * either case: none was free ("Sorry, acquisition timeout!") or a new one was still being opened
     * ("Acquisition timeout while waiting for new connection", as when a fresh pool grows under a burst).
     */
    private static final String POOL_TIMEOUT = "acquisition timeout";

    private Unavailability() {}

    /** How many causes and suppressed exceptions are looked at, at most: a failure's chain is short. */
    private static final int LINKS_MAX = 64;

    /**
     * The failure as a {@link StoreUnavailable} when a cause of it will pass; empty when none will.
     * Suppressed exceptions are causes too: a commit whose connection died (the database stopped
     * while it was sent) leaves Narayana as a {@code RollbackException} that carries the driver's
     * {@code 08006} only as a suppressed {@code XAException}'s cause. Whether that commit was kept is
     * unknown, so the client is told to send the same request again, whose key then tells.
     */
    static Optional<StoreUnavailable> of(String what, Throwable failure) {
        Deque<Throwable> pending = new ArrayDeque<>(List.of(failure));
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!pending.isEmpty() && seen.size() < LINKS_MAX) {
            Throwable cause = pending.removeFirst();
            if (!seen.add(cause)) {
                continue;
            }
            if (cause instanceof StoreUnavailable known) {
                return Optional.of(known);
            }
            if (cause instanceof SQLException sql && passes(sql)) {
                return Optional.of(new StoreUnavailable(what + " (SQLState " + sql.getSQLState() + ")", failure));
            }
            if (cause.getCause() != null) {
                pending.addLast(cause.getCause());
            }
            pending.addAll(List.of(cause.getSuppressed()));
        }
        return Optional.empty();
    }

    private static boolean passes(SQLException failure) {
        String state = failure.getSQLState();
        if (state == null) {
            return failure.getMessage() != null && failure.getMessage().toLowerCase(Locale.ROOT).contains(POOL_TIMEOUT);
        }
        return TRANSIENT_STATES.contains(state) || state.length() == 5 && TRANSIENT_CLASSES.contains(state.substring(0, 2));
    }
}
