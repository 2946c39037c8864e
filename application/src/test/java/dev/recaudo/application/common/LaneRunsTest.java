package dev.recaudo.application.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LaneRunsTest {

    private final LaneRuns runs = new LaneRuns();

    @Test
    void givenNoClaimRunning_whenAsked_thenItRunsOnceAndAnswersWhatItStarted() {
        assertThat(runs.run(KeyEnvironment.LIVE, () -> 3)).isEqualTo(3);
    }

    @Test
    void givenAClaimRunning_whenAskedFromItsOwnEnd_thenItDoesNotNestButRunsOnceMoreAfterwards() {
        AtomicInteger claims = new AtomicInteger();
        int started = runs.run(KeyEnvironment.LIVE, () -> {
            if (claims.incrementAndGet() == 1) {
                // An attempt that ended synchronously asks for a claim while this one runs.
                assertThat(runs.run(KeyEnvironment.LIVE, () -> 100)).as("asked during a run: none nested").isZero();
            }
            return 1;
        });

        assertThat(claims).hasValue(2);
        assertThat(started).isEqualTo(2);
    }

    @Test
    void givenAClaimOfOneLaneRunning_whenTheOtherLaneAsks_thenItRunsAtOnce() {
        int[] test = new int[1];
        runs.run(KeyEnvironment.LIVE, () -> {
            test[0] = runs.run(KeyEnvironment.TEST, () -> 5);
            return 1;
        });

        assertThat(test[0]).isEqualTo(5);
    }

    /** Many threads asking at once: the claims of a lane never overlap, and none is lost after the last request. */
    @Test
    void givenManyThreadsAsking_whenTheyRace_thenClaimsNeverOverlapAndOneBeginsAfterTheLastRequest() throws Exception {
        int threadCount = 8;
        int requestsEach = 500;
        AtomicInteger running = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger seenByLastClaim = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(threadCount);
        try {
            List<Future<?>> asked = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                asked.add(threads.submit(() -> {
                    go.await();
                    for (int i = 0; i < requestsEach; i++) {
                        requests.incrementAndGet();
                        runs.run(KeyEnvironment.LIVE, () -> {
                            if (running.incrementAndGet() > 1) {
                                overlaps.incrementAndGet();
                            }
                            seenByLastClaim.set(requests.get());
                            running.decrementAndGet();
                            return 0;
                        });
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> thread : asked) {
                thread.get(30, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(overlaps).hasValue(0);
        assertThat(seenByLastClaim).as("a claim began after the last request").hasValue(threadCount * requestsEach);
    }
}
