package dev.recaudo.application.fakes;

import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.domain.idempotency.Signature;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Idempotency records in a map keyed like the table's primary key. A record without an answer is a
 * claim still in flight, as a row the database shows before its transaction commits. A signature is
 * unique within a company, as the table's unique index on it. A record with a recovery point and no
 * answer is a phased request whose first phase committed.
 */
public final class InMemoryIdempotencyStore implements IdempotencyStore, TransactionalFake {

    private record Address(IdempotencyScope scope, String operation, String key) {}

    private record Row(String fingerprint, Optional<Signature> signature, Optional<RecoveryPoint> point,
            Optional<StoredResponse> response) {}

    private Map<Address, Row> rows = new HashMap<>();

    @Override
    public Claim claim(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            Optional<Signature> signature, Instant now) {
        Address address = new Address(scope, operation, key);
        Row existing = rows.get(address);
        if (existing == null) {
            boolean signatureTaken = signature.isPresent() && rows.entrySet().stream().anyMatch(row ->
                    row.getKey().scope().tenant().companyId().equals(scope.tenant().companyId())
                            && row.getValue().signature().equals(signature));
            if (signatureTaken) {
                return new Claim.SignatureUsed();
            }
            rows.put(address, new Row(fingerprint.value(), signature, Optional.empty(), Optional.empty()));
            return new Claim.Claimed();
        }
        if (!fingerprint.matches(existing.fingerprint())) {
            return new Claim.Mismatch();
        }
        if (existing.response().isPresent()) {
            return new Claim.Replay(existing.response().get());
        }
        return existing.point().<Claim>map(Claim.Resume::new).orElseGet(Claim.InProgress::new);
    }

    @Override
    public void complete(IdempotencyScope scope, String operation, String key, StoredResponse response, Instant now) {
        rows.computeIfPresent(new Address(scope, operation, key),
                (address, row) -> new Row(row.fingerprint(), row.signature(), row.point(), Optional.of(response)));
    }

    @Override
    public void recover(IdempotencyScope scope, String operation, String key, RecoveryPoint point) {
        rows.computeIfPresent(new Address(scope, operation, key),
                (address, row) -> new Row(row.fingerprint(), row.signature(), Optional.of(point), row.response()));
    }

    /** A record as an earlier request (or an earlier release) left it. */
    public void given(IdempotencyScope scope, String operation, String key, String fingerprint, Optional<StoredResponse> response) {
        rows.put(new Address(scope, operation, key), new Row(fingerprint, Optional.empty(), Optional.empty(), response));
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
