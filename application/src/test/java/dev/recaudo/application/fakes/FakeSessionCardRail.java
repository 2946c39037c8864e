package dev.recaudo.application.fakes;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A card rail serving USD whose processor keeps hosted sessions in memory, one per idempotency key
 * as a processor does; tests play the payer ({@link #payerPays}) and the processor's clock
 * ({@link #expiresByItself}), and read what was asked ({@link #requests}, {@link #expireCalls}).
 */
public final class FakeSessionCardRail implements CardRail {

    public final Map<String, HostedSession> sessions = new LinkedHashMap<>();
    public final Map<String, String> byKey = new LinkedHashMap<>();
    public final List<HostedSession.Request> requests = new ArrayList<>();
    public final List<String> expireCalls = new ArrayList<>();
    /** While set, opening a session fails as an unreachable processor does (after the processor may have opened it). */
    public boolean unreachable;

    @Override
    public String name() {
        return "fakecard";
    }

    @Override
    public Set<CurrencyCode> currencies() {
        return Set.of(CurrencyCode.USD);
    }

    @Override
    public Set<String> countries() {
        return Set.of("MX");
    }

    public synchronized void payerPays(String sessionId) {
        HostedSession session = sessions.get(sessionId);
        sessions.put(sessionId, new HostedSession(sessionId, session.url(), HostedSession.State.COMPLETE, true,
                Optional.of("pi_" + sessionId)));
    }

    public synchronized void expiresByItself(String sessionId) {
        HostedSession session = sessions.get(sessionId);
        sessions.put(sessionId, new HostedSession(sessionId, session.url(), HostedSession.State.EXPIRED, false, Optional.empty()));
    }

    public synchronized List<String> sessionIds() {
        return List.copyOf(sessions.keySet());
    }

    @Override
    public CardProcessor connect(CardCredentials credentials) {
        FakeSessionCardRail rail = this;
        return new UnansweringCardProcessor() {
            @Override
            public HostedSession openSession(HostedSession.Request request) {
                synchronized (rail) {
                    if (unreachable) {
                        throw new AnswerLost("timed out");
                    }
                    String id = byKey.computeIfAbsent(request.idempotencyKey(), key -> {
                        String sessionId = "cs_" + (sessions.size() + 1);
                        sessions.put(sessionId, new HostedSession(sessionId, "https://pay.example/" + sessionId,
                                HostedSession.State.OPEN, false, Optional.empty()));
                        requests.add(request);
                        return sessionId;
                    });
                    return sessions.get(id);
                }
            }

            @Override
            public HostedSession session(String sessionId) {
                synchronized (rail) {
                    return sessions.get(sessionId);
                }
            }

            @Override
            public HostedSession expireSession(String sessionId) {
                synchronized (rail) {
                    expireCalls.add(sessionId);
                    HostedSession session = sessions.get(sessionId);
                    if (session.state() == HostedSession.State.OPEN) {
                        expiresByItself(sessionId);
                    }
                    return sessions.get(sessionId);
                }
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
        throw new ForgedEvent("not read here");
    }
}
