package dev.recaudo.application.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryRateLimitCounterStore;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.domain.ratelimit.LeasedHits;
import dev.recaudo.domain.ratelimit.RateLimitCounterStore;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * A key's hits are leased from the shared store a twentieth of the limit at a time: the store is
 * asked once per lease, never for more than the limit, and what an instance hands out is what it
 * leased, however many threads ask at once.
 */
class LeasedRateLimitTest {

    private static final Instant WINDOW_START = Instant.parse("2025-03-01T10:15:00Z");
    private static final Instant NEXT_WINDOW_START = WINDOW_START.plus(Duration.ofMinutes(1));
    private static final String BUCKET = "integrations:key-1";
    private static final RateLimitPolicy SIXTY = RateLimitPolicy.perMinute(60);
    private static final RateLimitPolicy HUNDRED_TWENTY = RateLimitPolicy.perMinute(120);

    private final InMemoryRateLimitCounterStore store = new InMemoryRateLimitCounterStore();
    private final MutableClock clock = new MutableClock(WINDOW_START.plusSeconds(20));
    private final RateLimiter limiter = new RateLimiter(store, clock);

    @Test
    void givenALimitOf120_whenSevenRequests_thenOneLeaseOfSixServesTheFirstSixAndTheSeventhLeasesAgain() {
        List<RateLimitDecision> decisions = consume(limiter, HUNDRED_TWENTY, 6);

        assertThat(store.admissionsAsked()).as("one lease for six requests").isEqualTo(1);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(6);
        assertThat(decisions).extracting(RateLimitDecision::allowed).containsOnly(true);
        assertThat(decisions).extracting(RateLimitDecision::remaining).containsExactly(119, 118, 117, 116, 115, 114);
        assertThat(decisions).extracting(RateLimitDecision::resetAt).containsOnly(NEXT_WINDOW_START);

        RateLimitDecision seventh = limiter.consume(BUCKET, HUNDRED_TWENTY);

        assertThat(seventh.remaining()).isEqualTo(113);
        assertThat(store.admissionsAsked()).isEqualTo(2);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(12);
    }

    @Test
    void givenOneInstance_whenItFillsAWindowOf60_thenExactly60AdmittedForTwentyLeasesAndOneRefusal() {
        List<RateLimitDecision> decisions = consume(limiter, SIXTY, 200);

        assertThat(decisions.subList(0, 60)).extracting(RateLimitDecision::allowed).containsOnly(true);
        assertThat(decisions.subList(60, 200)).extracting(RateLimitDecision::allowed).containsOnly(false);
        assertThat(decisions).extracting(RateLimitDecision::remaining).isSortedAccordingTo((a, b) -> b - a);
        assertThat(store.admissionsAsked()).as("20 leases of 3, then one refusal remembered").isEqualTo(21);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(60);
    }

    @Test
    void givenAnotherInstanceCounted58Of60_whenThisOneLeases_thenItIsGrantedTheTwoThatFit() {
        store.take(BUCKET, WINDOW_START, NEXT_WINDOW_START, 58);

        List<RateLimitDecision> decisions = consume(limiter, SIXTY, 4);

        assertThat(decisions).extracting(RateLimitDecision::allowed).containsExactly(true, true, false, false);
        assertThat(decisions).extracting(RateLimitDecision::remaining).containsExactly(1, 0, 0, 0);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(60);
        assertThat(store.admissionsAsked()).isEqualTo(2);
    }

    @Test
    void givenTwoInstancesAndOneHoldingAnUnusedLease_whenTheOtherFloods_thenItIsRefusedNoEarlierThanTheLeaseAllows() {
        RateLimiter idle = new RateLimiter(store, clock);
        assertThat(idle.consume(BUCKET, HUNDRED_TWENTY).allowed()).isTrue();

        long admittedByTheBusy = consume(limiter, HUNDRED_TWENTY, 300).stream().filter(RateLimitDecision::allowed).count();
        long admittedByTheIdle = 1 + consume(idle, HUNDRED_TWENTY, 300).stream().filter(RateLimitDecision::allowed).count();

        assertThat(admittedByTheBusy).as("refused no earlier than the limit less the other's one lease")
                .isEqualTo(120 - HUNDRED_TWENTY.leaseHits());
        assertThat(admittedByTheIdle).as("the idle instance admits what it leased, and no more").isEqualTo(HUNDRED_TWENTY.leaseHits());
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(120);
    }

    @Test
    void givenTwoInstancesSharingOneStore_whenRequestsAlternateAtRandom_thenTogetherTheyAdmitTheLimitAndEachHitOnce() {
        RateLimiter other = new RateLimiter(store, clock);
        Random random = new Random(24);
        List<RateLimitDecision> admitted = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            RateLimitDecision decision = (random.nextBoolean() ? limiter : other).consume(BUCKET, HUNDRED_TWENTY);
            if (decision.allowed()) {
                admitted.add(decision);
            }
        }

        assertThat(admitted).hasSize(120);
        assertThat(admitted).extracting(decision -> 120L - decision.remaining())
                .as("every hit number handed out once").containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 120).boxed().toList());
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(120);
    }

    @Test
    void givenManyThreadsOnOneBucket_whenTheyOverrunTheLimit_thenEachLeasedHitIsHandedOutOnceAndOneThreadAsksAtATime()
            throws Exception {
        SlowStore slow = new SlowStore(store);
        RateLimiter shared = new RateLimiter(slow, clock);
        RateLimitPolicy thousand = RateLimitPolicy.perMinute(1_000);

        List<RateLimitDecision> decisions = race(shared, thousand, 16, 100);

        List<RateLimitDecision> admitted = decisions.stream().filter(RateLimitDecision::allowed).toList();
        assertThat(admitted).hasSize(1_000);
        assertThat(admitted).extracting(decision -> 1_000L - decision.remaining())
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 1_000).boxed().toList());
        assertThat(slow.mostAtOnce()).as("leases fetched one at a time per bucket").isEqualTo(1);
        assertThat(store.admissionsAsked()).as("20 leases of 50 and one refusal").isEqualTo(21);
    }

    @Test
    void givenManyThreadsUnderALargeLimit_whenTheyConsume_thenOneLeaseServesThemAllAndNoHitIsHandedOutTwice()
            throws Exception {
        RateLimitPolicy large = RateLimitPolicy.perMinute(100_000);

        List<RateLimitDecision> decisions = race(limiter, large, 16, 100);

        assertThat(decisions).extracting(RateLimitDecision::allowed).containsOnly(true);
        assertThat(decisions).extracting(decision -> 100_000L - decision.remaining())
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 1_600).boxed().toList());
        assertThat(store.admissionsAsked()).isEqualTo(1);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(large.leaseHits());
    }

    @Test
    void givenALeaseOfTheWindow_whenTheNextWindowStarts_thenItIsNotUsedThereAndANewOneIsLeased() {
        limiter.consume(BUCKET, HUNDRED_TWENTY);
        clock.set(NEXT_WINDOW_START);

        RateLimitDecision decision = limiter.consume(BUCKET, HUNDRED_TWENTY);

        assertThat(decision.remaining()).isEqualTo(119);
        assertThat(decision.resetAt()).isEqualTo(NEXT_WINDOW_START.plus(Duration.ofMinutes(1)));
        assertThat(store.admissionsAsked()).isEqualTo(2);
        assertThat(store.hits(BUCKET, NEXT_WINDOW_START)).isEqualTo(6);
    }

    @Test
    void givenTheNextWindowLeased_whenARequestThatReadTheClockBeforeItComes_thenItTakesOneHitOfItsOwnAndTheLeaseStays() {
        clock.set(NEXT_WINDOW_START);
        limiter.consume(BUCKET, HUNDRED_TWENTY);
        clock.set(NEXT_WINDOW_START.minusNanos(1));

        RateLimitDecision late = limiter.consume(BUCKET, HUNDRED_TWENTY);
        clock.set(NEXT_WINDOW_START);
        RateLimitDecision next = limiter.consume(BUCKET, HUNDRED_TWENTY);

        assertThat(late.allowed()).isTrue();
        assertThat(late.resetAt()).isEqualTo(NEXT_WINDOW_START);
        assertThat(store.hits(BUCKET, WINDOW_START)).as("one hit, not a lease").isEqualTo(1);
        assertThat(next.remaining()).as("the next window's lease, kept").isEqualTo(118);
        assertThat(store.admissionsAsked()).isEqualTo(2);
    }

    @Test
    void givenALeaseUnderOneLimit_whenTheKeysLimitIsLowered_thenTheRestOfTheLeaseIsNotUsed() {
        limiter.consume(BUCKET, HUNDRED_TWENTY);
        RateLimitPolicy ten = RateLimitPolicy.perMinute(10);

        List<RateLimitDecision> decisions = consume(limiter, ten, 10);

        assertThat(decisions).extracting(RateLimitDecision::allowed).containsExactly(true, true, true, true,
                false, false, false, false, false, false);
        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(10);
    }

    @Test
    void givenALoginSubject_whenConsumed_thenEveryRequestIsCountedInTheStoreWithoutALease() {
        for (int i = 0; i < 5; i++) {
            limiter.consumeUnauthenticated("login:someone@example.com", HUNDRED_TWENTY);
        }

        assertThat(store.admissionsAsked()).isEqualTo(5);
        assertThat(store.hits("login:someone@example.com", WINDOW_START)).isEqualTo(5);
    }

    private static List<RateLimitDecision> consume(RateLimiter limiter, RateLimitPolicy policy, int requests) {
        List<RateLimitDecision> decisions = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            decisions.add(limiter.consume(BUCKET, policy));
        }
        return decisions;
    }

    private static List<RateLimitDecision> race(RateLimiter limiter, RateLimitPolicy policy, int threads, int requestsEach)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<List<RateLimitDecision>>> racers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                racers.add(() -> consume(limiter, policy, requestsEach));
            }
            List<RateLimitDecision> decisions = new ArrayList<>();
            for (Future<List<RateLimitDecision>> racer : pool.invokeAll(racers)) {
                decisions.addAll(racer.get());
            }
            return decisions;
        } finally {
            pool.shutdown();
        }
    }

    /** A store that takes its time, as a round trip does, and counts how many leases were asked at once. */
    private static final class SlowStore implements RateLimitCounterStore {

        private final RateLimitCounterStore store;
        private final AtomicInteger asking = new AtomicInteger();
        private final AtomicInteger mostAtOnce = new AtomicInteger();

        SlowStore(RateLimitCounterStore store) {
            this.store = store;
        }

        @Override
        public Optional<LeasedHits> lease(String bucket, Instant windowStart, Instant windowEnd, int limit, int hits) {
            mostAtOnce.accumulateAndGet(asking.incrementAndGet(), Math::max);
            try {
                Thread.sleep(2);
                return store.lease(bucket, windowStart, windowEnd, limit, hits);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                asking.decrementAndGet();
            }
        }

        @Override
        public void release(String bucket, Instant windowStart) {
            store.release(bucket, windowStart);
        }

        @Override
        public void clear(String bucket, Instant windowStart) {
            store.clear(bucket, windowStart);
        }

        @Override
        public int purgeEndedBefore(Instant instant, int batchSize) {
            return store.purgeEndedBefore(instant, batchSize);
        }

        int mostAtOnce() {
            return mostAtOnce.get();
        }
    }
}
