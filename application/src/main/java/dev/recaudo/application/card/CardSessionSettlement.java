package dev.recaudo.application.card;

import dev.recaudo.application.card.CardTargets.Applied;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.money.Money;
import java.time.Clock;
import java.util.Optional;

/**
 * What a session's end does, whoever learned of it (its event, the reconciliation, a Pay that found
 * it complete while expiring it): under the checkout's session lock, a session recorded open is paid
 * through its checkout's completion path and marked complete, in one transaction; one already
 * complete does nothing more. An expired one is marked expired, which frees the checkout for a new one.
 */
final class CardSessionSettlement {

    private static final System.Logger LOG = System.getLogger(CardSessionSettlement.class.getName());

    private final CardSessionBook sessions;
    private final CardTargets targets;
    private final Transactions transactions;
    private final Clock clock;

    CardSessionSettlement(CardSessionBook sessions, CardTargets targets, Transactions transactions, Clock clock) {
        this.sessions = sessions;
        this.targets = targets;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * The session took {@code amount} (empty: what it asked for) under the processor's {@code chargeReference}.
     * Answers empty when the session is not one Recaudo recorded.
     */
    Optional<Applied> completed(CardSession known, Optional<Money> amount, String chargeReference) {
        return transactions.inTransaction(() -> {
            sessions.lock(known.scope(), known.checkoutId());
            Optional<CardSession> found = known.sessionId().flatMap(sessions::bySessionId);
            if (found.isEmpty()) {
                return Optional.<Applied>empty();
            }
            CardSession session = found.get();
            if (session.state() == CardSession.State.COMPLETE) {
                return Optional.of(Applied.ALREADY_PAID);
            }
            Applied applied = targets.pay(session, amount.orElse(session.amount()), chargeReference);
            if (applied == Applied.UNTAKEN) {
                LOG.log(System.Logger.Level.WARNING, "Card session {0} of checkout {1} took money nothing could take;"
                        + " an operator must give it back", session.sessionId().orElseThrow(), session.checkoutId());
            }
            sessions.update(session.moved(CardSession.State.COMPLETE, clock.instant()));
            return Optional.of(applied);
        });
    }

    /** The session can take no money any more; one that completed meanwhile stays complete. */
    void expired(CardSession known) {
        transactions.inTransaction(() -> {
            sessions.lock(known.scope(), known.checkoutId());
            known.sessionId().flatMap(sessions::bySessionId).filter(CardSession::isLive)
                    .ifPresent(session -> sessions.update(session.moved(CardSession.State.EXPIRED, clock.instant())));
            return known;
        });
    }
}
