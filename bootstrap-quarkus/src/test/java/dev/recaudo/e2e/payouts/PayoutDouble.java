package dev.recaudo.e2e.payouts;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardProcessor;
import dev.recaudo.application.rail.CardRail;
import dev.recaudo.application.rail.CardRails;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.application.rail.ProcessorEvent;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.e2e.support.UnansweringCardProcessor;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test-only card processor that answers the payout reports it was given and nothing else, on a
 * rail named {@code stripe} that connects to it: the double of the processor's payout API.
 */
final class PayoutDouble extends UnansweringCardProcessor {

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
}
