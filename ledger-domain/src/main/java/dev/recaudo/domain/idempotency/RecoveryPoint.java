package dev.recaudo.domain.idempotency;

import java.util.Objects;
import java.util.UUID;

/**
 * How far a request that runs in phases got before its final answer: the step it committed, and
 * the resource that step recorded (a pending payment). A retry of the request resumes from here
 * instead of doing the work again.
 *
 * @param name the step committed, e.g. {@code payment_recorded}
 * @param resourceId the resource the step recorded
 */
public record RecoveryPoint(String name, UUID resourceId) {

    public RecoveryPoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resourceId, "resourceId");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a recovery point has a name");
        }
    }
}
