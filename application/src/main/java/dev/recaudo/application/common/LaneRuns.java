package dev.recaudo.application.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * The claims of each lane on this instance, one at a time, whoever asks: the scheduled runs and the
 * attempts that end and leave room ({@link InFlight}). Asked while a claim of the lane runs, it
 * does not wait: the running claim goes once more when it is done, so no request to claim is lost
 * and none blocks.
 */
public final class LaneRuns {

    private record Lane(AtomicBoolean running, AtomicBoolean again) {}

    private final Map<KeyEnvironment, Lane> lanes = new EnumMap<>(KeyEnvironment.class);

    public LaneRuns() {
        for (KeyEnvironment lane : KeyEnvironment.values()) {
            lanes.put(lane, new Lane(new AtomicBoolean(), new AtomicBoolean()));
        }
    }

    /**
     * Runs {@code claim} for the lane unless one of its claims is running, then again as long as
     * someone asked meanwhile; answers what the claims this call ran started (0 when it ran none).
     */
    public int run(KeyEnvironment lane, IntSupplier claim) {
        Lane runs = lanes.get(lane);
        runs.again().set(true);
        int started = 0;
        while (runs.again().get() && runs.running().compareAndSet(false, true)) {
            try {
                runs.again().set(false);
                started += claim.getAsInt();
            } finally {
                runs.running().set(false);
            }
        }
        return started;
    }
}
