package dev.recaudo.application.card;

import dev.recaudo.application.card.CardTargets.Target;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The Pay-by-card button. Each round decides under the checkout's session lock what to do (reuse the
 * open session, expire it, or reserve the next one), commits, and only then calls the processor,
 * outside any transaction or lock (issue 22's rule); what the processor answered is recorded in a
 * transaction of its own. Two tabs pressing Pay at once reserve one session number, and so send one
 * idempotency key: the processor opens one session.
 */
public final class CardCheckoutService implements CardCheckoutUseCase {

    /** Rounds of decide-call-record one press may take (reserve, expire an old session, reserve again) before giving up. */
    static final int ROUNDS_MAX = 4;

    private static final System.Logger LOG = System.getLogger(CardCheckoutService.class.getName());

    /** What a round decided under the lock. */
    private sealed interface Step {
        record Reuse(CardSession session) implements Step {}

        record Expire(CardSession session) implements Step {}

        record Open(CardSession session, Target target) implements Step {}

        record Done(PayByCard answer) implements Step {}
    }

    private final CardTargets targets;
    private final CardSessionBook sessions;
    private final CardSessionSettlement settlement;
    private final CompanyRepository companies;
    private final CardRails rails;
    private final Transactions transactions;
    private final Clock clock;
    private final String publicBaseUrl;

    public CardCheckoutService(CardTargets targets, CardSessionBook sessions, CompanyRepository companies, CardRails rails,
            Transactions transactions, Clock clock, String publicBaseUrl) {
        this.targets = targets;
        this.sessions = sessions;
        this.settlement = new CardSessionSettlement(sessions, targets, transactions, clock);
        this.companies = companies;
        this.rails = rails;
        this.transactions = transactions;
        this.clock = clock;
        this.publicBaseUrl = publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }

    @Override
    public boolean offered(CompanyId company, CurrencyCode currency) {
        return connected(company, currency).isPresent();
    }

    private Optional<CardRails.Connected> connected(CompanyId company, CurrencyCode currency) {
        return rails.of(company).filter(connected -> connected.rail().currencies().contains(currency));
    }

    @Override
    public PayByCard pay(UUID pageId) {
        Optional<Target> found = targets.of(pageId);
        if (found.isEmpty()) {
            return new PayByCard.NotFound();
        }
        Target target = found.get();
        Optional<CardRails.Connected> rail = companies.find(target.scope().companyId()).filter(Company::takesPayments)
                .flatMap(company -> connected(company.id(), target.amount().currency()));
        if (target.scope().isTest() || rail.isEmpty()) {
            return new PayByCard.BackToPage();
        }
        try {
            for (int round = 0; round < ROUNDS_MAX; round++) {
                Step step = transactions.inTransaction(() -> decide(pageId, rail.get()));
                Optional<PayByCard> answer = act(step, pageId, rail.get().processor());
                if (answer.isPresent()) {
                    return answer.get();
                }
            }
            LOG.log(System.Logger.Level.WARNING, "Checkout {0}: no session settled after {1} rounds", pageId, ROUNDS_MAX);
        } catch (RuntimeException failed) {
            // Whatever the processor did is found again under the same key on the next press, or by the reconciliation.
            LOG.log(System.Logger.Level.WARNING, "Checkout {0}: the card processor failed ({1})", pageId, failed.toString());
        }
        return new PayByCard.ProcessorUnavailable();
    }

    /** Under the checkout's lock: what this round does, reserving the next session when one must be opened. */
    private Step decide(UUID pageId, CardRails.Connected rail) {
        Target unlocked = targets.of(pageId).orElseThrow();
        sessions.lock(unlocked.scope(), unlocked.checkoutId());
        Target target = targets.of(pageId).orElseThrow(); // as it stands under the lock
        if (!target.checkoutId().equals(unlocked.checkoutId())) {
            // A hosted payment began (or ended) collecting the invoice meanwhile: decide under its sessions' lock too.
            sessions.lock(target.scope(), target.checkoutId());
        }
        Optional<CardSession> latest = sessions.latest(target.scope(), target.checkoutId());
        if (latest.filter(session -> session.state() == CardSession.State.OPENING).isPresent()) {
            // Reserved by a press whose call failed or is under way: the same key again gives the same session.
            return new Step.Open(latest.get(), target);
        }
        if (latest.filter(session -> session.state() == CardSession.State.OPEN).isPresent()) {
            boolean current = target.pending() && latest.get().amount().equals(target.amount());
            return current ? new Step.Reuse(latest.get()) : new Step.Expire(latest.get());
        }
        if (!target.pending()) {
            return new Step.Done(new PayByCard.BackToPage());
        }
        int n = latest.map(CardSession::n).orElse(0) + 1;
        CardSession reserved = CardSession.opening(target.scope(), target.checkoutId(), n, rail.rail().name(),
                target.amount(), clock.instant());
        sessions.insert(reserved);
        return new Step.Open(reserved, target);
    }

    /** Outside any transaction: the processor's part of the round; empty when another round must decide again. */
    private Optional<PayByCard> act(Step step, UUID pageId, CardProcessor processor) {
        if (step instanceof Step.Done done) {
            return Optional.of(done.answer());
        }
        if (step instanceof Step.Reuse reuse) {
            HostedSession now = processor.session(reuse.session().sessionId().orElseThrow());
            return now.state() == HostedSession.State.OPEN
                    ? Optional.of(new PayByCard.ToProcessor(reuse.session().url().orElseThrow()))
                    : ended(reuse.session(), now);
        }
        if (step instanceof Step.Expire expire) {
            // Completed meanwhile: it pays the checkout, and no second session is opened.
            return ended(expire.session(), processor.expireSession(expire.session().sessionId().orElseThrow()));
        }
        Step.Open open = (Step.Open) step;
        CardSession reserved = open.session();
        HostedSession opened = processor.openSession(new HostedSession.Request(reserved.scope(), reserved.checkoutId(),
                open.target().externalPaymentId(), reserved.amount(), open.target().description(),
                publicBaseUrl + "/pay/" + pageId + "?paid=1", publicBaseUrl + "/pay/" + pageId, reserved.idempotencyKey()));
        CardSession recorded = transactions.inTransaction(() -> {
            sessions.lock(reserved.scope(), reserved.checkoutId());
            CardSession now = sessions.latest(reserved.scope(), reserved.checkoutId()).filter(latest -> latest.n() == reserved.n())
                    .filter(latest -> latest.state() == CardSession.State.OPENING)
                    .map(latest -> latest.opened(opened.id(), opened.url(), clock.instant())).orElse(null);
            if (now != null) {
                sessions.update(now);
            }
            return now;
        });
        // Recorded by another press, or opened for an amount no longer owed: the next round decides on what is recorded.
        boolean current = recorded != null && recorded.amount().equals(open.target().amount())
                && opened.state() == HostedSession.State.OPEN;
        return current ? Optional.of(new PayByCard.ToProcessor(opened.url())) : Optional.empty();
    }

    /**
     * A session the processor says ended: a paid one pays the checkout, and one completed but not yet
     * paid (a payment method that settles later) waits for its event; both send the payer back to the
     * page. An expired one frees the checkout: empty, another round decides.
     */
    private Optional<PayByCard> ended(CardSession session, HostedSession now) {
        if (now.state() == HostedSession.State.COMPLETE) {
            if (now.paid()) {
                settlement.completed(session, Optional.empty(), now.chargeReference().orElse(now.id()));
            }
            return Optional.of(new PayByCard.BackToPage());
        }
        if (now.state() == HostedSession.State.EXPIRED) {
            settlement.expired(session);
        }
        return Optional.empty();
    }
}
