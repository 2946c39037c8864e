package dev.recaudo.application.fakes;

import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Idempotency records in a map keyed like the table's primary key. A record without an answer is a
 * claim still in flight, as a row the database shows before its transaction commits.
 */
public final class InMemoryIdempotencyStore implements IdempotencyStore, TransactionalFake {

    private record Address(IdempotencyScope scope, String operation, String key) {}

    private record Row(String fingerprint, Optional<StoredResponse> response) {}

    private Map<Address, Row> rows = new HashMap<>();

    @Override
    public Claim claim(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint, Instant now) {
        Row existing = rows.putIfAbsent(new Address(scope, operation, key), new Row(fingerprint.value(), Optional.empty()));
        if (existing == null) {
            return new Claim.Claimed();
        }
        if (!fingerprint.matches(existing.fingerprint())) {
            return new Claim.Mismatch();
        }
        return existing.response().<Claim>map(Claim.Replay::new).orElseGet(Claim.InProgress::new);
    }

    @Override
    public void complete(IdempotencyScope scope, String operation, String key, StoredResponse response, Instant now) {
        rows.computeIfPresent(new Address(scope, operation, key), (address, row) -> new Row(row.fingerprint(), Optional.of(response)));
    }

    /** A record as an earlier request (or an earlier release) left it. */
    public void given(IdempotencyScope scope, String operation, String key, String fingerprint, Optional<StoredResponse> response) {
        rows.put(new Address(scope, operation, key), new Row(fingerprint, response));
    }

    public int size() {
        return rows.size();
    }

    @Override
    public Runnable captureRollback() {
        Map<Address, Row> saved = new HashMap<>(rows);
        return () -> rows = saved;
    }
}
