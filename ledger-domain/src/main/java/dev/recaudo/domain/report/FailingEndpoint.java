package dev.recaudo.domain.report;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A webhook endpoint whose deliveries fail: how many are being retried after a failed attempt, how
 * many were given up since the report's window began, and when an attempt last failed.
 */
public record FailingEndpoint(UUID endpointId, String url, long retrying, long dead, Optional<Instant> lastFailureAt) {

    public FailingEndpoint {
        Objects.requireNonNull(endpointId, "endpointId");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(lastFailureAt, "lastFailureAt");
    }
}
