package dev.recaudo.persistence.secret;

import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Whether stored secrets in plaintext are a thing of the past: the re-sealing pass records, once, in
 * the database, that it found none left in any sealed column ({@code secret_sealing_milestones}).
 * Every instance reads that fact where it needs it, so it holds across instances and restarts with
 * no session state; and since it is never withdrawn, an instance that has seen it keeps it in
 * memory and asks no more. Until then each plaintext value opened costs one indexed read.
 *
 * <p>Anyone who can write to the database can also delete that row, so an operator may pin the fact
 * ({@code recaudo.secrets.refuse-plaintext}): then plaintext is over whatever the table says.
 */
@ApplicationScoped
public class PlaintextRetirement {

    private static final String MILESTONE = "plaintext_retired";

    private final NativeSql nativeSql;
    /** A production deployment, where a plaintext value is refused once plaintext is over, not only left unsealed. */
    private final boolean production;
    /** The operator's pin: plaintext is over, whatever secret_sealing_milestones holds. */
    private final boolean pinned;

    private volatile boolean reached;
    /** Whether this instance has said that the pin refuses plaintext rows still stored, so it says so once. */
    private volatile boolean pinnedOverPlaintextReported;

    @Inject
    PlaintextRetirement(NativeSql nativeSql, PersistenceSettings settings) {
        this(nativeSql, settings.production(), settings.secrets().refusePlaintext());
    }

    public PlaintextRetirement(NativeSql nativeSql, boolean production, boolean pinned) {
        this.nativeSql = nativeSql;
        this.production = production;
        this.pinned = pinned;
    }

    /**
     * Whether plaintext is over: pinned by the operator, or a pass has ever found no plaintext secret,
     * on any instance. A plaintext value found then was written around the service, and the re-sealing
     * pass never seals it (that would make a planted value look genuine).
     */
    public boolean retired() {
        return pinned || reached();
    }

    /** Whether a plaintext value is refused when opened: where plaintext is over, in production or when pinned. */
    public boolean refused() {
        return (production || pinned) && retired();
    }

    /** Whether a pass has recorded that it found no plaintext secret left. */
    boolean reached() {
        if (!reached) {
            reached = nativeSql.queryOne("SELECT 1 FROM secret_sealing_milestones WHERE milestone = ?", row -> true, MILESTONE)
                    .isPresent();
        }
        return reached;
    }

    /**
     * What to log, once per instance, when the operator pinned plaintext as over before any pass
     * found none left: the plaintext rows still stored are refused and never sealed, so what needs
     * them stops until each is replaced (or the pin is lifted for one pass to seal them).
     */
    Optional<String> pinnedOverPlaintext(long plaintextLeft) {
        if (!pinned || plaintextLeft == 0 || pinnedOverPlaintextReported) {
            return Optional.empty();
        }
        pinnedOverPlaintextReported = true;
        return Optional.of("recaudo.secrets.refuse-plaintext (RECAUDO_SECRETS_REFUSE_PLAINTEXT) is set, but " + plaintextLeft
                + " stored secrets are still in plaintext: each is refused and never sealed (errors above name them);"
                + " replace them, or unset the setting until a pass logs that no stored secret is in plaintext any more");
    }

    /** Records that a pass found no plaintext secret left; the first record stands. */
    void record() {
        nativeSql.update("INSERT INTO secret_sealing_milestones (milestone, reached_at) VALUES (?, now())"
                + " ON CONFLICT (milestone) DO NOTHING", MILESTONE);
        reached = true;
    }
}
