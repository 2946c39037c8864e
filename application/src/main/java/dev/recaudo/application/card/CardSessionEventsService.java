package dev.recaudo.application.card;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.application.rail.SessionEvents;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the processor says of a session, by its event or when asked: a paid session pays its
 * checkout once (a second event, or a reconciliation after the event, finds it complete and does
 * nothing), an expired one frees the checkout. A session is acted on only when Recaudo recorded it,
 * for the company whose secret signed the event and the checkout its metadata names. The
 * reconciliation asks about sessions still open after {@code age}, so a lost event loses nothing, and
 * expires at the processor those whose checkout no longer takes their money (paid another way, closed).
 */
public final class CardSessionEventsService implements SessionEvents, CardSessionRecoveryUseCase {

    /** Sessions the reconciliation asks about per run at most. */
    static final int RECONCILE_BATCH_MAX = 100;

    private static final System.Logger LOG = System.getLogger(CardSessionEventsService.class.getName());

    private final CardSessionBook sessions;
    private final CardSessionSettlement settlement;
    private final CardTargets targets;
    private final CardRails rails;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration age;

    /** @param age how long a session stays open before the reconciliation asks the processor about it, and between two questions */
    public CardSessionEventsService(CardSessionBook sessions, CardTargets targets, CardRails rails, Transactions transactions,
            Clock clock, Duration age) {
        this.sessions = sessions;
        this.settlement = new CardSessionSettlement(sessions, targets, transactions, clock);
        this.targets = targets;
        this.rails = rails;
        this.transactions = transactions;
        this.clock = clock;
        this.age = age;
    }

    @Override
    public void completed(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionCompleted event) {
        if (!event.paid()) {
            return; // a payment method that settles later: its own completion event follows
        }
        recorded(company, event.sessionId(), event.tags()).ifPresent(session -> settlement.completed(session,
                Optional.of(event.amount()), event.chargeReference().orElse(event.sessionId())));
    }

    @Override
    public void expired(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionExpired event) {
        recorded(company, event.sessionId(), event.tags()).ifPresent(settlement::expired);
    }

    /** The session as Recaudo recorded it, when it is the company's and the checkout's its metadata names. */
    private Optional<CardSession> recorded(CompanyId company, String sessionId, ProcessorEvent.Tags tags) {
        Optional<CardSession> found = sessions.bySessionId(sessionId)
                .filter(session -> session.scope().companyId().equals(company))
                .filter(session -> tags.checkoutId().map(session.checkoutId()::equals).orElse(true));
        if (found.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "Card session {0}: not one Recaudo opened for company {1} and checkout {2};"
                    + " ignored", sessionId, company, tags.checkoutId().map(Object::toString).orElse("(none)"));
        }
        return found;
    }

    @Override
    public int reconcileOpenSessions(KeyEnvironment environment) {
        List<CardSession> due = sessions.openBefore(environment, clock.instant().minus(age), RECONCILE_BATCH_MAX);
        for (CardSession session : due) {
            try {
                reconcile(session);
            } catch (RuntimeException failure) {
                // One session the processor cannot answer for must not hold up the others.
                LOG.log(System.Logger.Level.WARNING, "Card session {0}: could not be reconciled ({1})",
                        session.sessionId().orElse("(opening)"), failure.toString());
                asked(session);
            }
        }
        return due.size();
    }

    private void reconcile(CardSession session) {
        if (session.sessionId().isEmpty()) {
            // Reserved, and the processor's answer never recorded: the next Pay sends the same key again.
            asked(session);
            return;
        }
        CardRails.Connected rail = rails.of(session.scope().companyId())
                .filter(connected -> connected.rail().name().equals(session.rail()))
                .orElseThrow(() -> new IllegalStateException("the company's rail " + session.rail() + " is not connected"));
        HostedSession now = rail.processor().session(session.sessionId().get());
        if (now.state() == HostedSession.State.OPEN && stale(session)) {
            // Its checkout was paid another way, closed, or now asks for another amount: it must take no money.
            now = rail.processor().expireSession(session.sessionId().get());
        }
        if (now.state() == HostedSession.State.COMPLETE && now.paid()) {
            settlement.completed(session, Optional.empty(), now.chargeReference().orElse(now.id()));
        } else if (now.state() == HostedSession.State.EXPIRED) {
            settlement.expired(session);
        } else {
            asked(session);
        }
    }

    /** Whether the session no longer collects what its checkout owes (a pending checkout asking for its amount). */
    private boolean stale(CardSession session) {
        return targets.of(session.checkoutId())
                .filter(target -> target.checkoutId().equals(session.checkoutId()) && target.pending()
                        && target.amount().equals(session.amount()))
                .isEmpty();
    }

    /** Asked again only after {@code age}: the session's row is touched if it is still live. */
    private void asked(CardSession session) {
        transactions.inTransaction(() -> {
            sessions.lock(session.scope(), session.checkoutId());
            sessions.latest(session.scope(), session.checkoutId()).filter(latest -> latest.n() == session.n())
                    .filter(CardSession::isLive)
                    .ifPresent(latest -> sessions.update(latest.moved(latest.state(), clock.instant())));
            return session;
        });
    }
}
