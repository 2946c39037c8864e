package dev.recaudo.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Latches;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Shutting down: the outcomes already handed to the recorder are recorded, the one being recorded and those queued. */
class DispatchRecorderTest {

    @Test
    void givenARecordingRunningAndOneQueued_whenStopped_thenBothEndBeforeItReturns() {
        DispatchRecorder recorder = new DispatchRecorder(1);
        CountDownLatch started = new CountDownLatch(1);
        List<String> recorded = new CopyOnWriteArrayList<>();
        recorder.execute(() -> {
            started.countDown();
            try {
                Thread.sleep(200);
                recorded.add("running");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        recorder.execute(() -> recorded.add("queued"));
        Latches.await(started);

        recorder.stop();

        assertThat(recorded).containsExactly("running", "queued");
    }
}
