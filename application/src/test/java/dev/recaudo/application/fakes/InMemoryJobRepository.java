package dev.recaudo.application.fakes;

import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobLease;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.job.LeaseState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Jobs in a map, with the leases the database keeps: a claim takes a job whose lease ran out under
 * a new token, and renewal and completion need the current token. Row locks are not modeled.
 */
public final class InMemoryJobRepository implements JobRepository {

    /** A job's row: done or not, its lease, and how many documents it processed. */
    public record Row(Job job, boolean done, Optional<UUID> token, Optional<Instant> leasedUntil, int documentsProcessed) {}

    private final Map<UUID, Row> rows = new LinkedHashMap<>();
    private final List<JobLease> claims = new ArrayList<>();

    @Override
    public void enqueue(Job job) {
        rows.put(job.id(), new Row(job, false, Optional.empty(), Optional.empty(), 0));
    }

    @Override
    public Optional<JobLease> claimNext(Instant now, Duration lease) {
        Optional<Row> due = rows.values().stream()
                .filter(row -> !row.done() && row.leasedUntil().map(until -> until.isBefore(now)).orElse(true))
                .findFirst();
        return due.map(row -> {
            JobLease claim = new JobLease(row.job(), UUID.randomUUID());
            rows.put(row.job().id(), new Row(row.job(), false, Optional.of(claim.token()), Optional.of(now.plus(lease)),
                    row.documentsProcessed()));
            claims.add(claim);
            return claim;
        });
    }

    @Override
    public LeaseState renew(JobLease lease, Instant leasedUntil, int itemsProcessed) {
        Row row = rows.get(lease.job().id());
        if (row.done() || !row.token().equals(Optional.of(lease.token()))) {
            return LeaseState.LOST;
        }
        rows.put(row.job().id(), new Row(row.job(), false, row.token(), Optional.of(leasedUntil),
                row.documentsProcessed() + itemsProcessed));
        return LeaseState.HELD;
    }

    @Override
    public LeaseState complete(JobLease lease, Instant now) {
        Row row = rows.get(lease.job().id());
        if (row.done() || !row.token().equals(Optional.of(lease.token()))) {
            return LeaseState.LOST;
        }
        rows.put(row.job().id(), new Row(row.job(), true, row.token(), Optional.empty(), row.documentsProcessed()));
        return LeaseState.HELD;
    }

    public Row row(UUID jobId) {
        return rows.get(jobId);
    }

    /** Every claim made, in order. */
    public List<JobLease> claims() {
        return List.copyOf(claims);
    }
}
