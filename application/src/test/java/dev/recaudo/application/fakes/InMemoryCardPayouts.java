package dev.recaudo.application.fakes;

import dev.recaudo.application.rail.CardPayout;
import dev.recaudo.application.rail.CardPayouts;
import dev.recaudo.domain.common.TenantScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Card payouts and their booked fees in memory, keyed as the tables' unique keys are. */
public final class InMemoryCardPayouts implements CardPayouts {

    private record PayoutKey(TenantScope scope, String rail, String payoutId) {}

    private record FeeKey(TenantScope scope, String rail, String kind, String sourceReference) {}

    private final Map<PayoutKey, CardPayout> payouts = new LinkedHashMap<>();
    private final Map<FeeKey, BookedFee> fees = new LinkedHashMap<>();

    @Override
    public boolean insert(CardPayout payout) {
        return payouts.putIfAbsent(new PayoutKey(payout.scope(), payout.rail(), payout.payoutId()), payout) == null;
    }

    @Override
    public Optional<CardPayout> lock(TenantScope scope, String rail, String payoutId) {
        return Optional.ofNullable(payouts.get(new PayoutKey(scope, rail, payoutId)));
    }

    @Override
    public void update(CardPayout payout) {
        PayoutKey key = new PayoutKey(payout.scope(), payout.rail(), payout.payoutId());
        if (!payouts.containsKey(key)) {
            throw new IllegalStateException("no payout " + payout.payoutId());
        }
        payouts.put(key, payout);
    }

    @Override
    public boolean recordFee(TenantScope scope, String rail, BookedFee fee) {
        return fees.putIfAbsent(new FeeKey(scope, rail, fee.kind().name(), fee.sourceReference()), fee) == null;
    }

    @Override
    public List<CardPayout> page(TenantScope scope, Optional<CardPayout.Status> status, Optional<Position> after, int limit) {
        Comparator<CardPayout> newestFirst = Comparator.comparing(CardPayout::receivedAt).thenComparing(CardPayout::id).reversed();
        return payouts.values().stream().filter(payout -> payout.scope().equals(scope))
                .filter(payout -> status.map(wanted -> wanted == payout.status()).orElse(true))
                .sorted(newestFirst).limit(limit).toList();
    }

    public List<CardPayout> all() {
        return new ArrayList<>(payouts.values());
    }

    public List<BookedFee> fees() {
        return new ArrayList<>(fees.values());
    }
}
