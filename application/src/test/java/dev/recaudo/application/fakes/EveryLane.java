package dev.recaudo.application.fakes;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.util.function.ToIntFunction;

/** One dispatch run of each lane, live then test, as the scheduler triggers them apart: what they started together. */
public final class EveryLane {

    private EveryLane() {}

    public static int dispatch(ToIntFunction<KeyEnvironment> run) {
        return run.applyAsInt(KeyEnvironment.LIVE) + run.applyAsInt(KeyEnvironment.TEST);
    }
}
