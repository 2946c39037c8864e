package dev.recaudo.domain.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.dispatch.Candidates;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.job.LeaseState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: the dispatcher's side of the deliveries: claiming due ones fairly, under caps that hold
 * across instances; recording attempts under the claim's lease token; and each endpoint's health
 * (paused, on probation, healthy), which attempts change and its administrator may reset.
 */
public interface DeliveryClaims {

    /**
     * Makes the claims of one lane (the endpoints of one environment) take turns across instances: a
     * claim that calls this first waits until another instance's claim of the lane has committed, so
     * the attempts in flight it reads next are all there are, and the caps hold across instances.
     * Held until the transaction ends; it keeps no state beyond it.
     */
    void serializeClaims(KeyEnvironment lane);

    /**
     * What a claim of the lane may choose from at {@code now}: for each endpoint that is neither
     * removed nor paused, up to {@code perEndpointMax} of its oldest due deliveries that no lease holds,
     * leaving out every delivery whose invoice has an earlier pending delivery to the same endpoint
     * (so deliveries about one invoice go to an endpoint one at a time, in the order of their events);
     * with the attempts in flight per endpoint and per company, and each endpoint's health.
     */
    Candidates candidates(KeyEnvironment lane, Instant now, int perEndpointMax);

    /**
     * Leases the chosen deliveries until {@code now + lease}, each under a new token, skipping those
     * that are no longer due or that another transaction holds, so no delivery is sent by two
     * instances at once; answers what sending them needs.
     */
    List<DueDelivery> lease(List<UUID> deliveryIds, Instant now, Duration lease);

    /** Stores a locked endpoint's health: paused until a time, on probation, or healthy again. */
    void storeHealth(CompanyId companyId, UUID endpointId, TargetHealth health);

    /**
     * Records an attempt at {@code now}, in one round trip: the endpoint's row locked first (removing an endpoint
     * takes it before its deliveries, so the two never deadlock) and its health read; then the attempt
     * and the delivery's new state written, releasing the lease, if the caller still holds it (the
     * claim's token is still the delivery's and it is still pending); then, with {@code handOver}, the
     * attempt's place handed on ({@link HandOver}). When the lease was lost ({@link LeaseState#LOST}:
     * another instance claimed the delivery after this lease ran out, and its own attempt is the one
     * that counts), nothing is written and no place is handed on.
     */
    Recording record(DueDelivery claim, DeliveryAttempt attempt, DeliveryStatus status, Optional<Instant> nextAttemptAt,
            Instant now, Optional<HandOver> handOver);

    /**
     * The place of the attempt being recorded, handed on to its endpoint's oldest delivery that is due
     * at the recording's {@code now}, that no lease holds and that waits for no earlier one about the same
     * invoice (the invoice's next event, made due by the recording, among them), leased for
     * {@code lease}; only while the endpoint's company keeps room under {@code perCompanyMax} beyond
     * it, so that no other endpoint of the company waits for the place. The attempts in flight to the
     * endpoint and to its company stay as they were (one ends, one starts, in one transaction), so the
     * caps hold without the lane's turn. Only from an attempt whose lease still holds when the place
     * is handed on: a place handed on from one that ran out would be one more than the caps allow.
     */
    record HandOver(Duration lease, int perCompanyMax) {}

    /**
     * What recording an attempt found: the endpoint's health as it was (empty: the company has no
     * such endpoint any more), whether the lease held, and the delivery the place was handed on to.
     */
    record Recording(Optional<TargetHealth> health, LeaseState lease, Optional<DueDelivery> next) {}
}
