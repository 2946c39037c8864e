package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.Candidates.Candidate;
import dev.recaudo.domain.dispatch.Candidates.TargetLoad;
import dev.recaudo.domain.dispatch.DispatchTarget;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.CallbackRequest;
import dev.recaudo.domain.externalpayment.CallbackResult;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Callbacks in memory, with the same rules as the table: claimed only from queued, in flight while
 * attempting under an unexpired lease, grouped by origin (scheme, host and port, no default port) as
 * the table's generated column groups them, and each company's origin with its health.
 */
public final class InMemoryCallbacks implements ExternalPaymentCallbacks {

    /** One stored callback; {@code result} and the attempt fields change as the table's columns do. */
    public static final class Row {
        public final CallbackRequest request;
        public final String origin;
        public final long place;
        public CallbackResult result = CallbackResult.QUEUED;
        public Instant attemptedAt;
        public Instant leasedUntil;
        public Optional<Integer> statusCode = Optional.empty();
        public Optional<String> error = Optional.empty();
        public Optional<Long> durationMillis = Optional.empty();

        Row(CallbackRequest request, long place) {
            this.request = request;
            this.origin = originOf(request.url());
            this.place = place;
        }
    }

    private record HealthKey(TenantScope scope, String origin) {}

    private final Map<UUID, Row> rows = new LinkedHashMap<>();
    private final Map<HealthKey, TargetHealth> health = new HashMap<>();

    @Override
    public void queue(CallbackRequest request) {
        rows.put(request.id(), new Row(request, rows.size()));
    }

    public Row row(UUID callbackId) {
        return rows.get(callbackId);
    }

    /** The company's origin's health as stored (healthy when it has no record). */
    public TargetHealth health(TenantScope scope, String origin) {
        return health.getOrDefault(new HealthKey(scope, origin), TargetHealth.HEALTHY);
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
    public void serializeClaims(KeyEnvironment lane) {
        // One process, one thread of claims: nothing to take turns with.
    }

    @Override
    public Candidates candidates(KeyEnvironment lane, Instant now, int perOriginMax, int pausedMax) {
        Map<DispatchTarget, TargetLoad> targets = new HashMap<>();
        Map<CompanyId, Integer> companies = new HashMap<>();
        Map<DispatchTarget, Integer> taken = new HashMap<>();
        List<Candidate> due = new ArrayList<>();
        for (Row row : rows.values()) {
            TenantScope scope = row.request.scope();
            if (scope.environment() != lane) {
                continue;
            }
            DispatchTarget target = new DispatchTarget(scope.companyId(), row.origin);
            boolean inFlight = row.result == CallbackResult.ATTEMPTING && !row.leasedUntil.isBefore(now);
            if (row.result != CallbackResult.QUEUED && !inFlight) {
                continue;
            }
            TargetHealth targetHealth = health(scope, row.origin);
            TargetLoad load = targets.getOrDefault(target, new TargetLoad(0, targetHealth));
            if (inFlight) {
                targets.put(target, new TargetLoad(load.inFlight() + 1, targetHealth));
                companies.merge(scope.companyId(), 1, Integer::sum);
                continue;
            }
            targets.put(target, load);
            int max = targetHealth.pausedAt(now) ? pausedMax : perOriginMax;
            if (taken.merge(target, 1, Integer::sum) <= max) {
                due.add(new Candidate(row.request.id(), target, row.request.createdAt(), row.place));
            }
        }
        return new Candidates(due, targets, companies);
    }

    @Override
    public List<DueCallback> claim(List<UUID> callbackIds, Instant now, Duration lease) {
        List<DueCallback> claimed = new ArrayList<>();
        for (UUID id : callbackIds) {
            Row row = rows.get(id);
            if (row.result == CallbackResult.QUEUED) {
                row.result = CallbackResult.ATTEMPTING;
                row.attemptedAt = now;
                row.leasedUntil = now.plus(lease);
                claimed.add(new DueCallback(id, row.request.scope(), row.origin, row.request.url(),
                        row.request.body().toString(), now));
            }
        }
        return claimed;
    }

    @Override
    public void failUnsent(List<UUID> callbackIds, String error, Instant now) {
        for (UUID id : callbackIds) {
            Row row = rows.get(id);
            if (row.result == CallbackResult.QUEUED) {
                row.result = CallbackResult.FAILED;
                row.attemptedAt = now;
                row.error = Optional.of(error);
                row.durationMillis = Optional.of(0L);
            }
        }
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

    @Override
    public TargetHealth lockHealth(TenantScope scope, String origin) {
        return health(scope, origin);
    }

    @Override
    public void storeHealth(TenantScope scope, String origin, TargetHealth stored, Instant now) {
        if (stored.equals(TargetHealth.HEALTHY)) {
            health.remove(new HealthKey(scope, origin));
        } else {
            health.put(new HealthKey(scope, origin), stored);
        }
    }

    /** Scheme, host and port in lower case, without the scheme's default port, as the table computes it. */
    public static String originOf(String url) {
        URI uri = URI.create(url);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port < 0 || (scheme.equals("https") && port == 443) || (scheme.equals("http") && port == 80);
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }
}
