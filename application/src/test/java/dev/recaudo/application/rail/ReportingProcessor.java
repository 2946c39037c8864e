package dev.recaudo.application.rail;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.fakes.ForwardingTransactions;
import dev.recaudo.application.fakes.UnansweringCardProcessor;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A hand-made card processor that answers only payout reports, from {@link #reports}, and records
 * each payout fetched with no transaction open; any other call fails the test. Its {@link #transactions()}
 * wrap the books' own, counting how deep the caller is.
 */
final class ReportingProcessor extends UnansweringCardProcessor {

    final Map<String, PayoutReport> reports = new HashMap<>();
    final List<String> fetchedOutsideTransactions = new ArrayList<>();
    private final Transactions books;
    private int depth;

    ReportingProcessor(Transactions books) {
        this.books = books;
    }

    @Override
    public PayoutReport payout(String payoutId) {
        if (depth == 0) {
            fetchedOutsideTransactions.add(payoutId);
        }
        PayoutReport report = reports.get(payoutId);
        if (report == null) {
            throw new IllegalStateException("no such payout " + payoutId);
        }
        return report;
    }

    Transactions transactions() {
        return new ForwardingTransactions(books) {
            @Override
            public <T> T inTransaction(Supplier<T> work) {
                depth++;
                try {
                    return super.inTransaction(work);
                } finally {
                    depth--;
                }
            }
        };
    }

    /** A rail of that name that does nothing else. */
    static CardRail rail(String name) {
        return new CardRail() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Set<CurrencyCode> currencies() {
                return Set.of(CurrencyCode.USD);
            }

            @Override
            public Set<String> countries() {
                return Set.of("MX");
            }

            @Override
            public CardProcessor connect(CardCredentials credentials) {
                throw new AssertionError("unexpected connect");
            }

            @Override
            public ProcessorEvent verify(String payload, String signatureHeader, String webhookSecret) {
                throw new AssertionError("unexpected verify");
            }
        };
    }
}
