package dev.recaudo.domain.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RateLimitPolicyTest {

    @ParameterizedTest
    @CsvSource({
        "2025-03-01T10:15:00Z,           2025-03-01T10:15:00Z",
        "2025-03-01T10:15:00.000000001Z, 2025-03-01T10:15:00Z",
        "2025-03-01T10:15:37Z,           2025-03-01T10:15:00Z",
        "2025-03-01T10:15:59.999999999Z, 2025-03-01T10:15:00Z",
        "2025-03-01T10:16:00Z,           2025-03-01T10:16:00Z"
    })
    void givenPerMinutePolicy_whenAskingWindowStart_thenStartOfTheEnclosingMinute(Instant now, Instant expected) {
        assertThat(RateLimitPolicy.perMinute(60).windowStart(now)).isEqualTo(expected);
    }

    @Test
    void givenInstantBeforeTheEpoch_whenAskingWindowStart_thenRoundsDownNotTowardsZero() {
        RateLimitPolicy policy = RateLimitPolicy.perMinute(60);

        assertThat(policy.windowStart(Instant.ofEpochSecond(-1))).isEqualTo(Instant.ofEpochSecond(-60));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 60, 90, 3_600, 86_400})
    void givenAnyWindowLength_whenAskingWindowStart_thenEpochMultipleOfTheWindowAtOrBeforeNow(long windowSeconds) {
        RateLimitPolicy policy = new RateLimitPolicy(10, Duration.ofSeconds(windowSeconds));

        for (long epochSecond = 1_740_000_000L; epochSecond < 1_740_000_000L + 200; epochSecond += 13) {
            Instant now = Instant.ofEpochSecond(epochSecond, 123_456_789);
            Instant start = policy.windowStart(now);

            assertThat(start.getEpochSecond() % windowSeconds).isZero();
            assertThat(start.getNano()).isZero();
            assertThat(start).isBeforeOrEqualTo(now);
            assertThat(start.plus(policy.window())).isAfter(now);
        }
    }

    @Test
    void givenTwoInstancesWithDifferentNows_whenInTheSameMinute_thenTheyAgreeOnTheWindow() {
        RateLimitPolicy policy = RateLimitPolicy.perMinute(60);

        assertThat(policy.windowStart(Instant.parse("2025-03-01T10:15:01Z")))
                .isEqualTo(policy.windowStart(Instant.parse("2025-03-01T10:15:58Z")));
    }

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0})
    void givenLimitBelowOne_whenBuilding_thenRefused(int limit) {
        assertThatIllegalArgumentException().isThrownBy(() -> RateLimitPolicy.perMinute(limit));
    }

    @ParameterizedTest
    @ValueSource(longs = {-1_000, 0, 999})
    void givenWindowShorterThanOneSecond_whenBuilding_thenRefused(long windowMillis) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RateLimitPolicy(10, Duration.ofMillis(windowMillis)));
    }

    @Test
    void givenPerMinuteFactory_whenBuilding_thenOneMinuteWindow() {
        assertThat(RateLimitPolicy.perMinute(5)).isEqualTo(new RateLimitPolicy(5, Duration.ofMinutes(1)));
    }

    @ParameterizedTest
    @CsvSource({
        "1,           1",
        "10,          1",
        "39,          1",
        "40,          2",
        "60,          3",
        "120,         6",
        "300,         15",
        "100000000,   5000000"
    })
    void givenALimit_whenAskingTheLeaseSize_thenOneTwentiethOfItAndAtLeastOne(int limit, int leaseHits) {
        assertThat(RateLimitPolicy.perMinute(limit).leaseHits()).isEqualTo(leaseHits);
    }
}
