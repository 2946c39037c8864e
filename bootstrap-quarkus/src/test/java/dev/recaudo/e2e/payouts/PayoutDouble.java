package dev.recaudo.e2e.payouts;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.HostedSession;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test-only card processor that answers the payout reports it was given and nothing else, on a
 * rail named {@code stripe} that connects to it: the double of the processor's payout API.
 */
final class PayoutDouble implements CardProcessor {

    private final Map<String, PayoutReport> reports = new ConcurrentHashMap<>();

    void reports(PayoutReport report) {
        reports.put(report.payoutId(), report);
    }

    CardRails.Connected connected() {
        PayoutDouble processor = this;
        CardRail rail = new CardRail() {
            @Override
            public String name() {
                return "stripe";
            }

            @Override
            public Set<CurrencyCode> currencies() {
                return Set.of(CurrencyCode.USD, CurrencyCode.MXN);
            }

            @Override
            public Set<String> countries() {
                return Set.of("MX", "US");
            }

            @Override
            public CardProcessor connect(CardCredentials credentials) {
                return processor;
            }

            @Override
            public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
                throw new UnsupportedOperationException("the double verifies no events");
            }
        };
        return new CardRails.Connected(rail, new CardCredentials("sk_live_double", "whsec_double"), this);
    }

    @Override
    public PayoutReport payout(String payoutId) {
        PayoutReport report = reports.get(payoutId);
        if (report == null) {
            throw new IllegalStateException("no such payout: " + payoutId);
        }
        return report;
    }

    @Override
    public HostedSession openSession(HostedSession.Request request) {
        throw new UnsupportedOperationException("openSession");
    }

    @Override
    public HostedSession session(String sessionId) {
        throw new UnsupportedOperationException("session");
    }

    @Override
    public HostedSession expireSession(String sessionId) {
        throw new UnsupportedOperationException("expireSession");
    }

    @Override
    public ChargeAnswer charge(ChargeRequest request) {
        throw new UnsupportedOperationException("charge");
    }

    @Override
    public Finding lookup(TenantScope scope, String processorKey) {
        throw new UnsupportedOperationException("lookup");
    }

    @Override
    public RefundAnswer refund(RefundRequest request) {
        throw new UnsupportedOperationException("refund");
    }

    @Override
    public Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey) {
        throw new UnsupportedOperationException("refundOf");
    }
}
