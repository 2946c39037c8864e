package dev.recaudo.application.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: a claim's places count as in flight from before it runs, so a stop waits for a claim
 * under way as for the attempts started; once closed, no claim gets a place.
 */
class InFlightTest {

    private final InFlight inFlight = new InFlight(4);

    @Test
    void givenAClaimUnderWay_whenTheStopWaits_thenItWaitsUntilTheClaimGivesBackWhatItDidNotFill() throws Exception {
        assertThat(inFlight.reserve(KeyEnvironment.LIVE, 3)).isEqualTo(3);
        inFlight.close();

        assertThat(inFlight.awaitIdle(Duration.ofMillis(20))).as("the claim's places, still taken").isEqualTo(3);

        CompletableFuture<Void> claimEnds = CompletableFuture.runAsync(() -> inFlight.release(KeyEnvironment.LIVE, 3),
                CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS));
        long started = System.nanoTime();
        assertThat(inFlight.awaitIdle(Duration.ofSeconds(10))).isZero();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(5_000);
        claimEnds.join();
    }

    @Test
    void givenTheRoomOfALane_whenReserved_thenAtMostItsRoomAndNothingOnceClosed() {
        assertThat(inFlight.reserve(KeyEnvironment.TEST, 10)).as("the lane's bound").isEqualTo(4);
        assertThat(inFlight.reserve(KeyEnvironment.TEST, 1)).isZero();
        inFlight.release(KeyEnvironment.TEST, 2);
        assertThat(inFlight.room(KeyEnvironment.TEST)).isEqualTo(2);

        inFlight.close();

        assertThat(inFlight.reserve(KeyEnvironment.LIVE, 1)).isZero();
        assertThat(inFlight.room(KeyEnvironment.LIVE)).isZero();
    }
}
