package dev.recaudo.application.common;

import java.time.Duration;

/**
 * How background work is taken: at most {@code batchSize} items at a time, each held by its
 * instance for {@code lease} before another instance may take it over.
 */
public record LeasedBatches(int batchSize, Duration lease) {

    public LeasedBatches {
        if (batchSize < 1 || lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("a batch holds at least one item and a lease lasts some time");
        }
    }
}
