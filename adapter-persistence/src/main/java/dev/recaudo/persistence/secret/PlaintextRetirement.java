package dev.recaudo.persistence.secret;

import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Whether stored secrets in plaintext are a thing of the past: the re-sealing pass records, once, in
 * the database, that it found none left in any sealed column ({@code secret_sealing_milestones}).
 * Every instance reads that fact where it needs it, so it holds across instances and restarts with
 * no session state; and since it is never withdrawn, an instance that has seen it keeps it in
 * memory and asks no more. Until then each plaintext value opened costs one indexed read.
 */
@ApplicationScoped
public class PlaintextRetirement {

    private static final String MILESTONE = "plaintext_retired";

    @Inject
    NativeSql nativeSql;

    private volatile boolean retired;

    /** Whether a pass has ever found no plaintext secret, on any instance. */
    public boolean retired() {
        if (!retired) {
            retired = nativeSql.queryOne("SELECT 1 FROM secret_sealing_milestones WHERE milestone = ?", row -> true, MILESTONE)
                    .isPresent();
        }
        return retired;
    }

    /** Records that a pass found no plaintext secret left; the first record stands. */
    void record() {
        nativeSql.update("INSERT INTO secret_sealing_milestones (milestone, reached_at) VALUES (?, now())"
                + " ON CONFLICT (milestone) DO NOTHING", MILESTONE);
        retired = true;
    }
}
