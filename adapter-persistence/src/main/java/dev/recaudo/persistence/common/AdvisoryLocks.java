package dev.recaudo.persistence.common;

import dev.recaudo.domain.common.TenantScope;

/**
 * Transaction-scoped PostgreSQL advisory locks on a name: how two writers of one identity (a
 * partner's document, payment or customer) queue behind each other before there is a row to lock.
 * The name is hashed to the lock's 64-bit key, and the lock is let go of when the transaction ends,
 * so it must be taken inside one.
 */
public final class AdvisoryLocks {

    static final String LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))";

    private AdvisoryLocks() {
    }

    /**
     * Waits for, then holds until the transaction ends, the lock of the identity {@code parts} of a
     * {@code kind} in the scope. Taken with the transaction's next native statement, in its round
     * trip, before that statement runs ({@link NativeSql#defer}); in read committed that statement
     * gets its own snapshot once the lock is held, so it sees what the lock's last holder committed.
     */
    public static void lockIdentity(NativeSql nativeSql, String kind, TenantScope scope, String... parts) {
        nativeSql.defer(LOCK, name(kind, scope, parts));
    }

    /**
     * As {@link #lockIdentity}, for a lock shared by every tenant, such as the one the claims of a
     * dispatch lane take turns on; {@code name} must not look like an identity's ({@link #name}), so
     * it starts with a word of its own.
     */
    public static void lockShared(NativeSql nativeSql, String name) {
        nativeSql.defer(LOCK, name);
    }

    /**
     * The name hashed to the lock's key: the kind and the tenant come first, so no two kinds or tenants
     * share a lock. Public for a statement that takes the lock itself (a function that reads under it).
     */
    public static String name(String kind, TenantScope scope, String... parts) {
        return kind + ":" + scope.companyId() + ":" + scope.isTest() + ":" + String.join(":", parts);
    }
}
