package dev.recaudo.persistence.job;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Jobs in PostgreSQL. A claim skips jobs whose row another transaction holds ({@code SKIP LOCKED}),
 * choosing its job in a {@code MATERIALIZED} CTE so the locking select runs once, and a renewal
 * is an {@code UPDATE} of that row: a batch that renews first keeps every other instance away from
 * its job until it commits.
 */
@ApplicationScoped
@StoreFailures
public class PgJobRepository implements JobRepository {

    @Inject
    NativeSql nativeSql;

    @Override
    public void enqueue(Job job) {
        nativeSql.update("INSERT INTO jobs (id, company_id, is_test, kind, source, status, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, 'PENDING', ?)",
                job.id(), job.scope().companyId().value(), job.scope().isTest(), job.kind().name(), job.source(),
                job.createdAt());
    }

    @Override
    public Optional<JobLease> claimNext(Instant now, Duration lease) {
        return nativeSql.queryOne("WITH next AS MATERIALIZED (SELECT id FROM jobs WHERE status = 'PENDING'"
                        + "       AND (leased_until IS NULL OR leased_until < ?) ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)"
                        + " UPDATE jobs j SET leased_until = ?, lease_token = gen_random_uuid()"
                        + " FROM next WHERE j.id = next.id RETURNING j.*",
                row -> new JobLease(new Job(uuid(row, "id"), Rows.scope(row), Job.JobKind.valueOf(row.getString("kind")),
                        row.getString("source"), instant(row, "created_at")), uuid(row, "lease_token")),
                now, now.plus(lease));
    }

    @Override
    public LeaseState renew(JobLease lease, Instant leasedUntil, int itemsProcessed) {
        int renewed = nativeSql.update("UPDATE jobs SET leased_until = ?, documents_processed = coalesce(documents_processed, 0) + ?"
                        + " WHERE id = ? AND lease_token = ? AND status = 'PENDING'",
                leasedUntil, itemsProcessed, lease.job().id(), lease.token());
        return renewed == 1 ? LeaseState.HELD : LeaseState.LOST;
    }

    @Override
    public LeaseState complete(JobLease lease, Instant now) {
        int completed = nativeSql.update("UPDATE jobs SET status = 'DONE', documents_processed = coalesce(documents_processed, 0),"
                        + " completed_at = ?, leased_until = NULL WHERE id = ? AND lease_token = ? AND status = 'PENDING'",
                now, lease.job().id(), lease.token());
        return completed == 1 ? LeaseState.HELD : LeaseState.LOST;
    }
}
