package dev.recaudo.bootstrap.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CrashSwitchTest {

    private final AtomicInteger halts = new AtomicInteger();

    @Test
    void givenNoPoint_whenEveryStepReached_thenNeverHalts() {
        CrashSwitch crash = new CrashSwitch(Optional.empty(), 1, halts::incrementAndGet);

        for (CrashPoint step : CrashPoint.values()) {
            crash.reached(step);
            assertThat(crash.armed(step)).isFalse();
        }

        assertThat(halts).hasValue(0);
    }

    @Test
    void givenArmedPoint_whenReachedRepeatedly_thenHaltsOnlyAtTheChosenOccurrence() {
        CrashSwitch crash = new CrashSwitch(Optional.of(CrashPoint.JOB_AFTER_BATCH), 3, halts::incrementAndGet);

        crash.reached(CrashPoint.JOB_AFTER_BATCH);
        crash.reached(CrashPoint.WEBHOOK_AFTER_SEND);
        crash.reached(CrashPoint.JOB_AFTER_BATCH);
        assertThat(halts).hasValue(0);

        crash.reached(CrashPoint.JOB_AFTER_BATCH);
        assertThat(halts).hasValue(1);

        crash.reached(CrashPoint.JOB_AFTER_BATCH);
        assertThat(halts).hasValue(1);
    }
}
