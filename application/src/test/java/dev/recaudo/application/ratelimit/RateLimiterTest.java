package dev.recaudo.application.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.InMemoryRateLimitCounterStore;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private static final Instant WINDOW_START = Instant.parse("2025-03-01T10:15:00Z");
    private static final Instant NEXT_WINDOW_START = WINDOW_START.plus(Duration.ofMinutes(1));
    private static final String BUCKET = "key-1:POST:/v1/payments";
    private static final RateLimitPolicy THREE_PER_MINUTE = RateLimitPolicy.perMinute(3);

    private final InMemoryRateLimitCounterStore store = new InMemoryRateLimitCounterStore();
    private final MutableClock clock = new MutableClock(WINDOW_START.plusSeconds(20));
    private final RateLimiter limiter = new RateLimiter(store, clock);

    @Test
    void givenLimitOfThree_whenFourRequestsInOneWindow_thenExactlyThreeAllowed() {
        List<RateLimitDecision> decisions = consume(BUCKET, 4);

        assertThat(decisions).extracting(RateLimitDecision::allowed).containsExactly(true, true, true, false);
        assertThat(decisions).extracting(RateLimitDecision::remaining).containsExactly(2, 1, 0, 0);
        assertThat(decisions).extracting(RateLimitDecision::limit).containsOnly(3);
        assertThat(decisions).extracting(RateLimitDecision::resetAt).containsOnly(NEXT_WINDOW_START);
    }

    @Test
    void givenFixedClock_whenConsumingLimitPlusOne_thenOnlyTheLastIsRefused() {
        RateLimiter fixedLimiter =
                new RateLimiter(store, Clock.fixed(Instant.parse("2025-03-01T10:15:42.5Z"), ZoneOffset.UTC));
        RateLimitPolicy policy = RateLimitPolicy.perMinute(60);

        List<Boolean> allowed = new ArrayList<>();
        for (int i = 0; i < 61; i++) {
            allowed.add(fixedLimiter.consume(BUCKET, policy).allowed());
        }

        assertThat(allowed.subList(0, 60)).containsOnly(true);
        assertThat(allowed.get(60)).isFalse();
    }

    @Test
    void givenRequestsBeyondTheLimit_whenConsuming_thenTheStoreCountsOnlyTheAdmittedOnes() {
        consume(BUCKET, 5);

        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(3);
    }

    @Test
    void givenARefusalSeen_whenTheBucketIsConsumedAgainInItsWindow_thenRefusedWithoutAskingTheStore() {
        consume(BUCKET, 4);
        int asked = store.admissionsAsked();

        List<RateLimitDecision> refused = consume(BUCKET, 100);

        assertThat(store.admissionsAsked()).as("no round trip per refusal").isEqualTo(asked);
        assertThat(refused).extracting(RateLimitDecision::allowed).containsOnly(false);
        assertThat(refused).extracting(RateLimitDecision::remaining).containsOnly(0);
        assertThat(refused).extracting(RateLimitDecision::resetAt).containsOnly(NEXT_WINDOW_START);
    }

    @Test
    void givenAFullWindowFilledByAnotherInstance_whenThisInstanceConsumes_thenTheStoreRefusesAndItIsRemembered() {
        RateLimiter other = new RateLimiter(store, clock);
        for (int i = 0; i < 3; i++) {
            other.consume(BUCKET, THREE_PER_MINUTE);
        }

        RateLimitDecision first = limiter.consume(BUCKET, THREE_PER_MINUTE);
        int asked = store.admissionsAsked();
        RateLimitDecision second = limiter.consume(BUCKET, THREE_PER_MINUTE);

        assertThat(first.allowed()).isFalse();
        assertThat(second).isEqualTo(first);
        assertThat(store.admissionsAsked()).isEqualTo(asked);
    }

    @Test
    void givenARememberedRefusal_whenItsWindowEnds_thenTheStoreIsAskedAgainAndAdmits() {
        consume(BUCKET, 3);
        assertThat(limiter.consume(BUCKET, THREE_PER_MINUTE).allowed()).isFalse();
        int asked = store.admissionsAsked();

        clock.set(NEXT_WINDOW_START);
        assertThat(limiter.consume(BUCKET, THREE_PER_MINUTE).allowed()).isTrue();
        assertThat(store.admissionsAsked()).isEqualTo(asked + 1);
    }

    @Test
    void givenAKeysBucketRefused_whenUnauthenticatedSubjectsFloodTheirOwnMemory_thenTheBucketIsStillRefusedWithoutTheStore() {
        consume(BUCKET, 4);
        RateLimitPolicy onePerMinute = RateLimitPolicy.perMinute(1);
        for (int i = 0; i <= RateLimiter.REMEMBERED_REFUSALS; i++) {
            limiter.consumeUnauthenticated("login:made-up-" + i + "@example.com", onePerMinute);
            limiter.consumeUnauthenticated("login:made-up-" + i + "@example.com", onePerMinute);
        }
        int asked = store.admissionsAsked();

        RateLimitDecision decision = limiter.consume(BUCKET, THREE_PER_MINUTE);

        assertThat(decision.allowed()).isFalse();
        assertThat(store.admissionsAsked()).as("the key's refusal survived the flood").isEqualTo(asked);
    }

    @Test
    void givenAnUnauthenticatedSubjectRefused_whenItComesAgainInItsWindow_thenRefusedWithoutAskingTheStore() {
        for (int i = 0; i < 4; i++) {
            limiter.consumeUnauthenticated("login:someone@example.com", THREE_PER_MINUTE);
        }
        int asked = store.admissionsAsked();

        RateLimitDecision decision = limiter.consumeUnauthenticated("login:someone@example.com", THREE_PER_MINUTE);

        assertThat(decision.allowed()).isFalse();
        assertThat(store.admissionsAsked()).isEqualTo(asked);
    }

    @Test
    void givenExhaustedWindow_whenClockReachesTheNextWindow_thenFullAllowanceAgain() {
        consume(BUCKET, 4);
        clock.set(NEXT_WINDOW_START);

        List<RateLimitDecision> decisions = consume(BUCKET, 4);

        assertThat(decisions).extracting(RateLimitDecision::allowed).containsExactly(true, true, true, false);
        assertThat(decisions.get(0).remaining()).isEqualTo(2);
        assertThat(decisions.get(0).resetAt()).isEqualTo(NEXT_WINDOW_START.plus(Duration.ofMinutes(1)));
    }

    @Test
    void givenExhaustedWindow_whenLastNanosecondOfTheWindow_thenStillRefused() {
        consume(BUCKET, 3);
        clock.set(NEXT_WINDOW_START.minusNanos(1));

        RateLimitDecision decision = limiter.consume(BUCKET, THREE_PER_MINUTE);

        assertThat(decision.allowed()).isFalse();
        assertThat(decision.retryAfterSeconds(clock.instant())).isEqualTo(1);
    }

    @Test
    void givenRefusedRequest_whenWaitingTheRetryAfter_thenAllowed() {
        consume(BUCKET, 3);
        RateLimitDecision refused = limiter.consume(BUCKET, THREE_PER_MINUTE);

        clock.advance(Duration.ofSeconds(refused.retryAfterSeconds(clock.instant())));

        assertThat(refused.allowed()).isFalse();
        assertThat(limiter.consume(BUCKET, THREE_PER_MINUTE).allowed()).isTrue();
    }

    @Test
    void givenExhaustedBucket_whenAnotherBucketConsumes_thenItHasItsOwnAllowance() {
        consume(BUCKET, 4);

        RateLimitDecision other = limiter.consume("key-2:POST:/v1/payments", THREE_PER_MINUTE);

        assertThat(other.allowed()).isTrue();
        assertThat(other.remaining()).isEqualTo(2);
    }

    @Test
    void givenClockInsideTheWindow_whenConsuming_thenCounterIsKeptUnderTheAlignedWindowStart() {
        clock.set(WINDOW_START.plusSeconds(59).plusMillis(999));

        limiter.consume(BUCKET, THREE_PER_MINUTE);

        assertThat(store.hits(BUCKET, WINDOW_START)).isEqualTo(1);
        assertThat(store.windows()).isEqualTo(1);
    }

    private List<RateLimitDecision> consume(String bucket, int requests) {
        List<RateLimitDecision> decisions = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            decisions.add(limiter.consume(bucket, THREE_PER_MINUTE));
        }
        return decisions;
    }
}
