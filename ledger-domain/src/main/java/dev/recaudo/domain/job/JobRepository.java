package dev.recaudo.domain.job;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Port: durable jobs. A claim is a lease: the claiming instance owns the job until the lease ends,
 * renewing it while it works, and when it dies another instance claims the job again, so work
 * survives restarts.
 */
public interface JobRepository {

    void enqueue(Job job);

    /** The oldest unfinished job whose lease is free, leased to the caller until now + lease under a new token. */
    Optional<JobLease> claimNext(Instant now, Duration lease);

    /**
     * Extends the lease to {@code leasedUntil} if the caller still holds it, and adds the items the
     * caller processed since its last renewal to the job's count, in the same transaction as that
     * work, so the count stays right whichever instances did the work. Inside a transaction it
     * also holds the job until that transaction ends, so no instance can claim it meanwhile,
     * however long the transaction takes.
     */
    LeaseState renew(JobLease lease, Instant leasedUntil, int itemsProcessed);

    /** Marks the job done, if the caller still holds its lease. */
    LeaseState complete(JobLease lease, Instant now);
}
