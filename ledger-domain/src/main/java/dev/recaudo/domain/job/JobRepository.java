package dev.recaudo.domain.job;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: durable jobs. A claim is a lease: the claiming instance owns the job until the lease ends,
 * and when it dies another instance claims the job again, so work survives restarts.
 */
public interface JobRepository {

    void enqueue(Job job);

    /** The oldest unfinished job whose lease is free, leased to the caller until now + lease. */
    Optional<Job> claimNext(Instant now, Duration lease);

    void complete(UUID jobId, int documentsProcessed, Instant now);
}
