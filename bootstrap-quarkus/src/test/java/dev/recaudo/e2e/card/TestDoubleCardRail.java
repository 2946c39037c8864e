package dev.recaudo.e2e.card;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.e2e.support.UnansweringCardProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TEST DOUBLE (hosted-card branch): a card rail named {@code testcard} serving USD, whose processor
 * keeps its hosted sessions in memory, one per idempotency key as a real processor does. Tests
 * complete or expire sessions as a payer or the processor would. The Stripe adapter's branch brings
 * the real rail; the merge keeps this double for the page's tests only.
 */
@ApplicationScoped
public class TestDoubleCardRail implements CardRail {

    public static final String NAME = "testcard";

    // Reached through methods only: a test holds the bean's client proxy, whose own fields are not the bean's.
    private final Map<String, HostedSession> sessions = new ConcurrentHashMap<>();
    private final Map<String, String> byKey = new ConcurrentHashMap<>();
    private final Map<String, HostedSession.Request> requests = new ConcurrentHashMap<>();
    private final AtomicInteger opened = new AtomicInteger();
    private volatile boolean unreachable;

    /** While set, opening a session times out, as an unreachable processor's call does. */
    public void unreachable(boolean set) {
        unreachable = set;
    }

    /** What Recaudo asked for when it opened the session. */
    public HostedSession.Request request(String sessionId) {
        return requests.get(sessionId);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<CurrencyCode> currencies() {
        return Set.of(CurrencyCode.USD);
    }

    @Override
    public Set<String> countries() {
        return Set.of("US", "MX");
    }

    /** What the payer does on the processor's page: pays the session (charge reference {@code pi_<session>}). */
    public void payerPays(String sessionId) {
        sessions.computeIfPresent(sessionId, (id, session) -> new HostedSession(id, session.url(), HostedSession.State.COMPLETE,
                true, Optional.of("pi_" + id)));
    }

    @Override
    public CardProcessor connect(CardCredentials credentials) {
        return new UnansweringCardProcessor() {
            @Override
            public HostedSession openSession(HostedSession.Request request) {
                if (unreachable) {
                    throw new AnswerLost("timed out");
                }
                String id = byKey.computeIfAbsent(request.idempotencyKey(), key -> {
                    String sessionId = "cs_test_" + opened.incrementAndGet() + "_" + request.checkoutId().toString().substring(0, 8);
                    sessions.put(sessionId, new HostedSession(sessionId, "https://pay.testcard.example/c/" + sessionId,
                            HostedSession.State.OPEN, false, Optional.empty()));
                    requests.put(sessionId, request);
                    return sessionId;
                });
                return sessions.get(id);
            }

            @Override
            public HostedSession session(String sessionId) {
                return sessions.get(sessionId);
            }

            @Override
            public HostedSession expireSession(String sessionId) {
                return sessions.computeIfPresent(sessionId, (id, session) -> session.state() == HostedSession.State.OPEN
                        ? new HostedSession(id, session.url(), HostedSession.State.EXPIRED, false, Optional.empty()) : session);
            }



            @Override
            public Finding lookup(TenantScope scope, String processorKey) {
                return Finding.NOT_FOUND;
            }


            @Override
            public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
                return Optional.empty();
            }
        };
    }

    @Override
    public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
        throw new ForgedEvent("this double reads no events");
    }
}
