package dev.recaudo.domain.webhook;

import java.time.Instant;
import java.util.UUID;

/**
 * A delivery claimed for sending, with what sending needs. The lease token is new at every claim, as
 * a job's is ({@link dev.recaudo.domain.job.JobLease}): an instance whose send outlasted its lease,
 * and whose delivery another instance claimed meanwhile, can no longer record an attempt for it. The
 * endpoint's secrets are read at the claim; which of them sign is decided at each attempt's time.
 */
public record DueDelivery(UUID deliveryId, UUID eventId, String url, EndpointSecrets secrets, String body, int attemptsSoFar,
        Instant eventCreatedAt, UUID leaseToken) {}
