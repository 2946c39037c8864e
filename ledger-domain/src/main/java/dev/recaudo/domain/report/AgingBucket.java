package dev.recaudo.domain.report;

import dev.recaudo.domain.common.WireNamed;

/**
 * How late an open balance is on a day: by whole days past its document's due date, in the
 * company's time zone. A document without a due date, or not yet due, is current.
 */
public enum AgingBucket implements WireNamed {
    CURRENT("current", 0),
    DAYS_1_30("1-30", 30),
    DAYS_31_60("31-60", 60),
    DAYS_61_90("61-90", 90),
    OVER_90("over-90", Long.MAX_VALUE);

    private final String wireName;
    private final long lastDay;

    AgingBucket(String wireName, long lastDay) {
        this.wireName = wireName;
        this.lastDay = lastDay;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The bucket of a balance {@code daysPastDue} days late (zero or less: due today or later). */
    public static AgingBucket of(long daysPastDue) {
        for (AgingBucket bucket : values()) {
            if (daysPastDue <= bucket.lastDay) {
                return bucket;
            }
        }
        throw new AssertionError("OVER_90 takes every day");
    }
}
