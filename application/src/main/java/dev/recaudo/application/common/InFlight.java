package dev.recaudo.application.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The attempts this instance has in flight, per lane, and the room left under the lane's bound. A
 * claim asks for the room, then reports what it started; an attempt reports its end once its
 * outcome is recorded. A lane's claims run one at a time (each lane has its own scheduled run) and
 * ends on other threads: between a claim's question and its report only ends can happen in that
 * lane, which make the room larger, so the bound always holds.
 */
public final class InFlight {

    private final int max;
    private final Map<KeyEnvironment, AtomicInteger> lanes = new EnumMap<>(KeyEnvironment.class);

    public InFlight(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("a lane holds at least one attempt");
        }
        this.max = max;
        for (KeyEnvironment lane : KeyEnvironment.values()) {
            lanes.put(lane, new AtomicInteger());
        }
    }

    /** Attempts the lane may still start. */
    public int room(KeyEnvironment lane) {
        return Math.max(0, max - lanes.get(lane).get());
    }

    public void started(KeyEnvironment lane, int attempts) {
        lanes.get(lane).addAndGet(attempts);
    }

    public void ended(KeyEnvironment lane) {
        lanes.get(lane).decrementAndGet();
    }
}
