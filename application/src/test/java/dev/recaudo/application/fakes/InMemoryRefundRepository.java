package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Comparator;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundRepository;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/** Refunds in memory, each read narrowed to one scope as the table's queries are. */
public final class InMemoryRefundRepository implements RefundRepository, TransactionalFake {

    private Map<UUID, Refund> rows = new LinkedHashMap<>();

    @Override
    public void insert(Refund refund) {
        if (rows.putIfAbsent(refund.id(), refund) != null) {
            throw new IllegalStateException("duplicate refund " + refund.id());
        }
    }

    @Override
    public void update(Refund refund) {
        Refund stored = rows.get(refund.id());
        if (stored == null || !stored.sources().equals(refund.sources())) {
            throw new IllegalStateException("only a stored refund's state moves: " + refund.id());
        }
        rows.put(refund.id(), refund);
    }

    @Override
    public Optional<Refund> lock(TenantScope scope, UUID id) {
        return find(scope, id);
    }

    @Override
    public Optional<Refund> find(TenantScope scope, UUID id) {
        return Optional.ofNullable(rows.get(id)).filter(refund -> refund.scope().equals(scope));
    }

    @Override
    public List<Refund> ofExternalPayment(TenantScope scope, UUID externalPaymentId) {
        return rows.values().stream()
                .filter(refund -> refund.scope().equals(scope) && refund.externalPaymentId().equals(Optional.of(externalPaymentId)))
                .toList();
    }

    @Override
    public List<Refund> ofPayment(TenantScope scope, UUID paymentId) {
        return rows.values().stream()
                .filter(refund -> refund.scope().equals(scope) && refund.paymentId().equals(paymentId))
                .toList();
    }

    @Override
    public List<Refund> pendingBefore(KeyEnvironment environment, Instant before, int limit) {
        return rows.values().stream()
                .filter(refund -> refund.isPending() && refund.scope().environment() == environment
                        && refund.updatedAt().isBefore(before))
                .sorted(Comparator.comparing(Refund::updatedAt))
                .limit(limit)
                .toList();
    }

    @Override
    public Map<UUID, List<Refund>> ofExternalPayments(TenantScope scope, Collection<UUID> externalPaymentIds) {
        return rows.values().stream()
                .filter(refund -> refund.scope().equals(scope) && refund.externalPaymentId().filter(externalPaymentIds::contains).isPresent())
                .collect(Collectors.groupingBy(refund -> refund.externalPaymentId().orElseThrow()));
    }

    /** Every refund, in the order they were taken. */
    public List<Refund> all() {
        return List.copyOf(rows.values());
    }

    @Override
    public Runnable captureRollback() {
        Map<UUID, Refund> saved = new LinkedHashMap<>(rows);
        return () -> rows = saved;
    }
}
