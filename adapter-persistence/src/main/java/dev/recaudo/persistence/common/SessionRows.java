package dev.recaudo.persistence.common;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.hibernate.LockMode;
import org.hibernate.Session;

/**
 * The rule that keeps the session free of stale copies: it holds only rows this transaction has
 * locked or written. A row read without a lock is handed back and let go of, so a later
 * {@code SELECT ... FOR UPDATE} of it reads the row again under the lock.
 */
public final class SessionRows {

    private static final Set<LockMode> LOCKED =
            EnumSet.of(LockMode.WRITE, LockMode.PESSIMISTIC_WRITE, LockMode.UPGRADE_NOWAIT, LockMode.UPGRADE_SKIPLOCKED);

    private SessionRows() {
    }

    /** The entity a read without a lock found, detached unless this transaction already holds or wrote its row. */
    public static <E> Optional<E> released(Session session, Optional<E> entity) {
        entity.filter(row -> !LOCKED.contains(session.getCurrentLockMode(row))).ifPresent(session::detach);
        return entity;
    }
}
