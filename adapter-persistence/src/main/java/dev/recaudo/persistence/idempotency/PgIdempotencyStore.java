package dev.recaudo.persistence.idempotency;

import dev.recaudo.domain.idempotency.IdempotencyScope;
import dev.recaudo.domain.idempotency.IdempotencyStore;
import dev.recaudo.domain.idempotency.RecoveryPoint;
import dev.recaudo.domain.idempotency.RequestFingerprint;
import dev.recaudo.domain.idempotency.Signature;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.PersistenceFailure;
import dev.recaudo.persistence.common.PersistenceSettings;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

/**
 * Claims are rows inserted with ON CONFLICT DO NOTHING inside the caller's transaction, keyed by
 * company, environment, partner, operation and idempotency key. A twin
 * request's insert waits for the first transaction on the primary key; when the first commits, the
 * twin reads its answer, and when it rolls back, the twin claims the key itself. The wait is bounded
 * by a transaction-local lock timeout, after which the twin hears that the first is in progress. A
 * signed request's claim carries its signature, unique within the company: the same insert is the
 * signature's check, and a conflict with no record under the request's own key is a signature used.
 * A phased request's record carries its recovery point from its first phase's commit until its
 * final answer: a twin that finds one resumes instead of hearing the first is in progress.
 */
@ApplicationScoped
@StoreFailures
public class PgIdempotencyStore implements IdempotencyStore {

    private static final String LOCK_NOT_AVAILABLE = "55P03";
    /** The primary key of one record. */
    private static final String RECORD =
            " WHERE company_id = ? AND is_test = ? AND partner = ? AND operation = ? AND idempotency_key = ?";
    /**
     * The claim in one round trip (V0079): the insert under the bounded lock timeout, and when it
     * inserted nothing, the record under the key, or whether the signature is used. One row, whose
     * {@code outcome} is {@code claimed}, {@code recorded} (with the record's columns),
     * {@code signature_used}, or null when nothing was found.
     */
    private static final String CLAIM = "SELECT outcome, fingerprint, response_status, response_body, recovery_point,"
            + " resource_id FROM recaudo_claim_idempotency(?::uuid, ?::boolean, ?::text, ?::text, ?::text, ?::text,"
            + " ?::bytea, ?::timestamptz, ?::text)";

    private final NativeSql nativeSql;
    private final long waitMillis;

    public PgIdempotencyStore(NativeSql nativeSql, PersistenceSettings settings) {
        this.nativeSql = nativeSql;
        this.waitMillis = settings.idempotency().waitMillis();
    }

    @Override
    public Claim claim(IdempotencyScope scope, String operation, String key, RequestFingerprint fingerprint,
            Optional<Signature> signature, Instant now) {
        byte[] signatureBytes = signature.map(value -> HexFormat.of().parseHex(value.hex())).orElse(null);
        try {
            return nativeSql.queryOne(CLAIM, row -> claimOf(row, fingerprint),
                            scope.tenant().companyId().value(), scope.tenant().isTest(), scope.partnerName(), operation, key,
                            fingerprint.value(), signatureBytes, now, waitMillis + "ms")
                    .orElseThrow();
        } catch (PersistenceFailure failure) {
            if (failure.getCause() instanceof SQLException sql && LOCK_NOT_AVAILABLE.equals(sql.getSQLState())) {
                return new Claim.InProgress();
            }
            throw failure;
        }
    }

    /**
     * What the claim found. A record under the key that another transaction holds uncommitted past
     * the wait never gets here (lock_not_available); one found with no answer yet is in progress,
     * and no record at all (purged meanwhile, or a conflict on a signature not found) may be sent again.
     */
    private static Claim claimOf(ResultSet row, RequestFingerprint fingerprint) throws SQLException {
        String outcome = row.getString("outcome");
        if ("claimed".equals(outcome)) {
            return new Claim.Claimed();
        }
        if ("signature_used".equals(outcome)) {
            return new Claim.SignatureUsed();
        }
        if (outcome == null) {
            return new Claim.InProgress();
        }
        if (!fingerprint.matches(row.getString("fingerprint"))) {
            return new Claim.Mismatch();
        }
        int status = row.getInt("response_status");
        if (!row.wasNull()) {
            return new Claim.Replay(new StoredResponse(status, row.getString("response_body")));
        }
        String recoveryPoint = row.getString("recovery_point");
        return recoveryPoint == null ? new Claim.InProgress()
                : new Claim.Resume(new RecoveryPoint(recoveryPoint, row.getObject("resource_id", UUID.class)));
    }

    @Override
    public void complete(IdempotencyScope scope, String operation, String key, StoredResponse response, Instant now) {
        nativeSql.defer("UPDATE idempotency_records SET response_status = ?, response_body = ?, completed_at = ?" + RECORD,
                response.status(), response.body(), now,
                scope.tenant().companyId().value(), scope.tenant().isTest(), scope.partnerName(), operation, key);
    }

    @Override
    public void recover(IdempotencyScope scope, String operation, String key, RecoveryPoint point) {
        nativeSql.update("UPDATE idempotency_records SET recovery_point = ?, resource_id = ?" + RECORD,
                point.name(), point.resourceId(),
                scope.tenant().companyId().value(), scope.tenant().isTest(), scope.partnerName(), operation, key);
    }

    /** Removes up to {@code batchSize} records created before {@code instant}; answers how many it removed. */
    public int purgeCreatedBefore(Instant instant, int batchSize) {
        return nativeSql.update("DELETE FROM idempotency_records WHERE ctid IN (SELECT ctid FROM idempotency_records"
                + " WHERE created_at < ? LIMIT ?)", instant, batchSize);
    }
}
