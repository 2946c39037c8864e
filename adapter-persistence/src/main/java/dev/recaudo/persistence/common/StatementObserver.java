package dev.recaudo.persistence.common;

/**
 * Sees every statement {@link NativeSql} runs, with its parameters, just before it runs. Production has
 * no observer; a test installs one (a CDI bean) to check the plans of the statements the service
 * really executes, not copies of them.
 */
public interface StatementObserver {

    /** {@code parameters} is the caller's array: copy what must outlive the call. */
    void executing(String sql, Object[] parameters);
}
