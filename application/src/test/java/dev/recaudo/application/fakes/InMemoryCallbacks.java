package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Callbacks in memory, with the same state rules as the table: claimed only from queued. */
public final class InMemoryCallbacks implements ExternalPaymentCallbacks {

    /** One stored callback; {@code result} and the attempt fields change as the table's columns do. */
    public static final class Row {
        public final CallbackRequest request;
        public CallbackResult result = CallbackResult.QUEUED;
        public Instant attemptedAt;
        public Instant leasedUntil;
        public Optional<Integer> statusCode = Optional.empty();
        public Optional<String> error = Optional.empty();
        public Optional<Long> durationMillis = Optional.empty();

        Row(CallbackRequest request) {
            this.request = request;
        }
    }

    private final Map<UUID, Row> rows = new LinkedHashMap<>();

    @Override
    public void queue(CallbackRequest request) {
        rows.put(request.id(), new Row(request));
    }

    public Row row(UUID callbackId) {
        return rows.get(callbackId);
    }

    @Override
    public Map<UUID, List<CallbackAttempt>> attemptsOf(TenantScope scope, Collection<UUID> externalPaymentIds) {
        Map<UUID, List<CallbackAttempt>> attempts = new HashMap<>();
        rows.values().stream()
                .filter(row -> row.request.scope().equals(scope) && externalPaymentIds.contains(row.request.externalPaymentId()))
                .filter(row -> row.result != CallbackResult.QUEUED)
                .forEach(row -> attempts.computeIfAbsent(row.request.externalPaymentId(), id -> new ArrayList<>())
                        .add(new CallbackAttempt(row.attemptedAt, row.result, row.statusCode, row.error, row.durationMillis)));
        return attempts;
    }

    @Override
    public Optional<DueCallback> claimNext(Instant now, Duration lease) {
        return rows.values().stream().filter(row -> row.result == CallbackResult.QUEUED).findFirst().map(row -> {
            row.result = CallbackResult.ATTEMPTING;
            row.attemptedAt = now;
            row.leasedUntil = now.plus(lease);
            return new DueCallback(row.request.id(), row.request.scope().companyId(), row.request.url(),
                    row.request.body().toString(), now);
        });
    }

    @Override
    public void recordResult(UUID callbackId, CallbackResult result, Optional<Integer> statusCode, Optional<String> error,
            long durationMillis, Instant now) {
        Row row = rows.get(callbackId);
        if (row.result == CallbackResult.ATTEMPTING || row.result == CallbackResult.UNKNOWN) {
            row.result = result;
            row.statusCode = statusCode;
            row.error = error;
            row.durationMillis = Optional.of(durationMillis);
            row.leasedUntil = null;
        }
    }

    @Override
    public int expireUnanswered(Instant now) {
        int expired = 0;
        for (Row row : rows.values()) {
            if (row.result == CallbackResult.ATTEMPTING && row.leasedUntil.isBefore(now)) {
                row.result = CallbackResult.UNKNOWN;
                row.leasedUntil = null;
                expired++;
            }
        }
        return expired;
    }
}
