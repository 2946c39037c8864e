package dev.recaudo.application.common;

import dev.recaudo.domain.dispatch.DispatchCaps;
import java.time.Duration;
import java.util.Objects;

/**
 * How a dispatcher takes outbound work: at most {@code claimMax} items per claim, each leased for
 * {@code lease}; at most {@code inFlightMax} attempts in flight on this instance per lane (live and
 * test apart, so test traffic never takes live traffic's room); and the caps that hold across every
 * instance, per target and per company.
 */
public record DispatchLimits(int claimMax, Duration lease, int inFlightMax, DispatchCaps caps) {

    public DispatchLimits {
        Objects.requireNonNull(caps, "caps");
        if (claimMax < 1 || inFlightMax < 1 || lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("a claim takes at least one item, a lane holds at least one and a lease lasts");
        }
    }
}
