package dev.recaudo.application.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.ratelimit.LeasedHits;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class WindowLeasesTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:20Z");
    private static final WindowLeases.Window ENDED =
            new WindowLeases.Window(Instant.parse("2025-03-01T10:14:00Z"), Instant.parse("2025-03-01T10:15:00Z"), 120);
    private static final WindowLeases.Window CURRENT =
            new WindowLeases.Window(Instant.parse("2025-03-01T10:15:00Z"), Instant.parse("2025-03-01T10:16:00Z"), 120);

    private final AtomicInteger fetched = new AtomicInteger();

    @Test
    void givenAFullMemory_whenAnotherBucketComes_thenTheLeasesOfEndedWindowsMakeRoomAndCurrentOnesStay() {
        WindowLeases leases = new WindowLeases(3);
        leases.of("ended-1", NOW).take(ENDED, 6, this::fetch);
        leases.of("ended-2", NOW).take(ENDED, 6, this::fetch);
        leases.of("current", NOW).take(CURRENT, 6, this::fetch);

        leases.of("new", NOW).take(CURRENT, 6, this::fetch);

        assertThat(leases.size()).isEqualTo(2);
        int asked = fetched.get();
        assertThat(leases.of("current", NOW).take(CURRENT, 6, this::fetch)).as("its lease kept").hasValue(2);
        assertThat(fetched.get()).isEqualTo(asked);
    }

    @Test
    void givenAMemoryFullOfCurrentWindows_whenAnotherBucketComes_thenTheLeastRecentlyFilledIsDropped() {
        WindowLeases leases = new WindowLeases(4);
        for (String bucket : List.of("a", "b", "c", "d")) {
            leases.of(bucket, NOW).take(CURRENT, 6, this::fetch);
        }

        leases.of("e", NOW).take(CURRENT, 6, this::fetch);

        assertThat(leases.size()).isEqualTo(4);
        int asked = fetched.get();
        for (String bucket : List.of("b", "c", "d", "e")) {
            assertThat(leases.of(bucket, NOW).take(CURRENT, 6, this::fetch)).as(bucket).hasValue(2);
        }
        assertThat(fetched.get()).as("the kept leases serve without the store").isEqualTo(asked);
        assertThat(leases.of("a", NOW).take(CURRENT, 6, this::fetch)).as("a dropped lease is fetched again").hasValue(1);
        assertThat(fetched.get()).isEqualTo(asked + 1);
    }

    @Test
    void givenAFullMemory_whenTheFirstFilledLeaseIsStillInUse_thenAnIdleOneIsDroppedInstead() {
        WindowLeases leases = new WindowLeases(4);
        for (String bucket : List.of("busy", "b", "c", "d")) {
            leases.of(bucket, NOW).take(CURRENT, 6, this::fetch);
        }
        leases.of("busy", NOW).take(CURRENT, 6, this::fetch);

        leases.of("e", NOW).take(CURRENT, 6, this::fetch);

        int asked = fetched.get();
        assertThat(leases.of("busy", NOW).take(CURRENT, 6, this::fetch)).as("the busy lease kept").hasValue(3);
        assertThat(fetched.get()).isEqualTo(asked);
        assertThat(leases.of("b", NOW).take(CURRENT, 6, this::fetch)).as("the idle lease dropped").hasValue(1);
    }

    @Test
    void givenManyBucketsOverTime_whenEachTakesAHit_thenTheMemoryNeverHoldsMoreThanItsCapacity() {
        WindowLeases leases = new WindowLeases(100);
        for (int i = 0; i < 1_000; i++) {
            leases.of("bucket-" + i, NOW).take(CURRENT, 6, this::fetch);
            assertThat(leases.size()).isLessThanOrEqualTo(100);
        }
    }

    @Test
    void givenARefusedLease_whenAskedAgainInItsWindow_thenRefusedWithoutTheStore() {
        WindowLeases leases = new WindowLeases(4);
        IntFunction<Optional<LeasedHits>> full = hits -> {
            fetched.incrementAndGet();
            return Optional.empty();
        };

        OptionalLong first = leases.of("full", NOW).take(CURRENT, 6, full);
        OptionalLong second = leases.of("full", NOW).take(CURRENT, 6, full);

        assertThat(first).isEmpty();
        assertThat(second).isEmpty();
        assertThat(fetched.get()).isEqualTo(1);
    }

    /** A store whose every bucket starts empty: each lease is the first of its window. */
    private Optional<LeasedHits> fetch(int hits) {
        fetched.incrementAndGet();
        return Optional.of(new LeasedHits(hits, hits));
    }
}
