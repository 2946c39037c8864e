package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ChargeTrail;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** External payments in memory, each read narrowed to one scope and partner as the table's queries are. */
public final class InMemoryExternalPaymentRepository implements ExternalPaymentRepository, TransactionalFake {

    private Map<UUID, ExternalPayment> rows = new LinkedHashMap<>();
    private Map<UUID, Instant> asked = new HashMap<>();
    private Map<UUID, ChargeTrail> trails = new HashMap<>();
    private int writes;

    @Override
    public void insert(ExternalPayment payment) {
        if (rows.putIfAbsent(payment.id(), payment) != null) {
            throw new IllegalStateException("duplicate external payment " + payment.id());
        }
        writes++;
    }

    @Override
    public void update(ExternalPayment payment) {
        if (rows.replace(payment.id(), payment) == null) {
            throw new IllegalStateException("no external payment " + payment.id());
        }
        writes++;
    }

    @Override
    public Optional<ExternalPayment> find(TenantScope scope, String partner, UUID id) {
        return Optional.ofNullable(rows.get(id)).filter(row -> row.scope().equals(scope) && row.partner().equals(partner));
    }

    @Override
    public Optional<ExternalPayment> lock(TenantScope scope, String partner, UUID id) {
        return find(scope, partner, id);
    }

    @Override
    public Optional<ExternalPayment> lockByCheckout(UUID checkoutId) {
        return findByCheckout(checkoutId);
    }

    @Override
    public Optional<ExternalPayment> findByCheckout(UUID checkoutId) {
        return rows.values().stream().filter(row -> row.checkoutId().equals(Optional.of(checkoutId))).findFirst();
    }

    @Override
    public Optional<ExternalPayment> pendingHostedFor(TenantScope scope, DocumentId documentId) {
        return rows.values().stream()
                .filter(row -> row.scope().equals(scope) && row.isPending() && row.mode() == ExternalPaymentMode.HOSTED)
                .filter(row -> row.invoiceId().equals(Optional.of(documentId)))
                .findFirst();
    }

    @Override
    public boolean anyPendingFor(TenantScope scope, DocumentId documentId) {
        return rows.values().stream().anyMatch(row -> row.scope().equals(scope) && row.isPending()
                && row.invoiceId().equals(Optional.of(documentId)));
    }

    @Override
    public List<ExternalPayment> directPendingBefore(KeyEnvironment environment, Instant before, int limit) {
        return rows.values().stream()
                .filter(row -> row.scope().environment() == environment && row.isPending()
                        && row.mode() == ExternalPaymentMode.DIRECT && !row.createdAt().isAfter(before)
                        && !asked.getOrDefault(row.id(), row.createdAt()).isAfter(before))
                .sorted(Comparator.comparing(row -> asked.getOrDefault(row.id(), row.createdAt())))
                .limit(limit)
                .toList();
    }

    @Override
    public void chargeAsked(TenantScope scope, UUID id, Instant now) {
        find(scope, rows.get(id).partner(), id).orElseThrow();
        asked.put(id, now);
    }

    @Override
    public Page<ExternalPayment> page(TenantScope scope, String partner, int page, int size) {
        List<ExternalPayment> mine = rows.values().stream()
                .filter(row -> row.scope().equals(scope) && row.partner().equals(partner))
                .sorted(Comparator.comparing(ExternalPayment::createdAt).reversed())
                .toList();
        int from = Math.min((page - 1) * size, mine.size());
        return new Page<>(mine.subList(from, Math.min(from + size, mine.size())), mine.size(), page, size);
    }

    @Override
    public Runnable captureRollback() {
        Map<UUID, ExternalPayment> saved = new LinkedHashMap<>(rows);
        Map<UUID, Instant> savedAsked = new HashMap<>(asked);
        Map<UUID, ChargeTrail> savedTrails = new HashMap<>(trails);
        int savedWrites = writes;
        return () -> {
            rows = saved;
            asked = savedAsked;
            trails = savedTrails;
            writes = savedWrites;
        };
    }

    public int writes() {
        return writes;
    }

    @Override
    public void keepPaymentMethod(TenantScope scope, UUID id, String paymentMethod) {
        ChargeTrail trail = trails.getOrDefault(id, ChargeTrail.NONE);
        trails.put(id, new ChargeTrail(Optional.of(paymentMethod), trail.reference(), trail.nextActionUrl()));
    }

    @Override
    public void chargeAnswered(TenantScope scope, UUID id, Optional<String> reference, Optional<String> nextActionUrl) {
        ChargeTrail trail = trails.getOrDefault(id, ChargeTrail.NONE);
        trails.put(id, new ChargeTrail(trail.paymentMethod(), reference.or(trail::reference), nextActionUrl));
    }

    @Override
    public Optional<ChargeTrail> chargeTrail(TenantScope scope, UUID id) {
        return findOfCompany(scope, id).map(row -> trails.getOrDefault(id, ChargeTrail.NONE));
    }

    @Override
    public Optional<ExternalPayment> findOfCompany(TenantScope scope, UUID id) {
        return Optional.ofNullable(rows.get(id)).filter(row -> row.scope().equals(scope));
    }

    @Override
    public Optional<ExternalPayment> findByChargeReference(TenantScope scope, String reference) {
        return trails.entrySet().stream().filter(entry -> entry.getValue().reference().equals(Optional.of(reference)))
                .map(entry -> rows.get(entry.getKey())).filter(row -> row != null && row.scope().equals(scope)).findFirst();
    }
}
