package dev.recaudo.domain.webhook;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.DispatchTarget;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A delivery claimed for sending, with what sending needs. The lease token is new at every claim, as
 * a job's is ({@link dev.recaudo.domain.job.JobLease}): an instance whose send outlasted its lease,
 * and whose delivery another instance claimed meanwhile, can no longer record an attempt for it. The
 * endpoint's secrets are read at the claim; which of them sign is decided at each attempt's time.
 * {@code leasedUntil} is the lease's end.
 */
public record DueDelivery(UUID deliveryId, UUID eventId, Endpoint endpoint, String body, int attemptsSoFar,
        Instant eventCreatedAt, UUID leaseToken, Instant leasedUntil) {

    public DueDelivery {
        Objects.requireNonNull(deliveryId, "deliveryId");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(leaseToken, "leaseToken");
        Objects.requireNonNull(leasedUntil, "leasedUntil");
    }

    /** Whether the lease still holds at {@code now}: past its end the delivery counts as in flight for no claim. */
    public boolean leasedAt(Instant now) {
        return !now.isAfter(leasedUntil);
    }

    /** The endpoint it goes to, as the claim read it. */
    public record Endpoint(UUID id, CompanyId companyId, String url, EndpointSecrets secrets) {

        public Endpoint {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(companyId, "companyId");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(secrets, "secrets");
            if (secrets.current().isEmpty()) {
                throw new IllegalArgumentException("a delivery is claimed only with a current secret that opens");
            }
        }

        /** The endpoint as caps and pauses count it. */
        public DispatchTarget target() {
            return new DispatchTarget(companyId, id.toString());
        }
    }

    public String url() {
        return endpoint.url();
    }

    public EndpointSecrets secrets() {
        return endpoint.secrets();
    }
}
