package dev.recaudo.domain.job;

import java.util.Objects;
import java.util.UUID;

/**
 * A claim on a job. The token is new at every claim, so an instance whose lease ran out and was
 * taken over can no longer renew or complete the job: the taking instance holds a different token.
 */
public record JobLease(Job job, UUID token) {

    public JobLease {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(token, "token");
    }
}
