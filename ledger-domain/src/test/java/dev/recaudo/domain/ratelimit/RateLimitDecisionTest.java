package dev.recaudo.domain.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RateLimitDecisionTest {

    private static final Instant WINDOW_START = Instant.parse("2025-03-01T10:15:00Z");
    private static final Instant RESET_AT = Instant.parse("2025-03-01T10:16:00Z");
    private static final RateLimitPolicy THREE_PER_MINUTE = RateLimitPolicy.perMinute(3);

    @ParameterizedTest
    @CsvSource({
        "1, true,  2",
        "2, true,  1",
        "3, true,  0",
        "4, false, 0",
        "5, false, 0"
    })
    void givenHitsInWindow_whenDeciding_thenAllowedExactlyWhileHitsAtMostLimitAndRemainingNeverNegative(
            long hits, boolean allowed, int remaining) {
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, hits, WINDOW_START);

        assertThat(decision.allowed()).isEqualTo(allowed);
        assertThat(decision.remaining()).isEqualTo(remaining);
        assertThat(decision.limit()).isEqualTo(3);
    }

    @Test
    void givenHitsFarBeyondAnyInt_whenDeciding_thenRefusedWithNothingRemaining() {
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, Long.MAX_VALUE, WINDOW_START);

        assertThat(decision.allowed()).isFalse();
        assertThat(decision.remaining()).isZero();
    }

    @Test
    void givenWindowStart_whenDeciding_thenResetIsTheEndOfTheWindow() {
        RateLimitPolicy hourly = new RateLimitPolicy(100, Duration.ofHours(1));

        RateLimitDecision decision = RateLimitDecision.of(hourly, 1, Instant.parse("2025-03-01T10:00:00Z"));

        assertThat(decision.resetAt()).isEqualTo(Instant.parse("2025-03-01T11:00:00Z"));
    }

    @ParameterizedTest
    @CsvSource({
        // now,                             seconds
        "2025-03-01T10:15:00Z,              60",
        "2025-03-01T10:15:30Z,              30",
        "2025-03-01T10:15:30.001Z,          30",
        "2025-03-01T10:15:30.999Z,          30",
        "2025-03-01T10:15:29.999Z,          31",
        "2025-03-01T10:15:59Z,              1",
        "2025-03-01T10:15:59.999Z,          1"
    })
    void givenTimeLeftInWindow_whenAskingRetryAfter_thenWholeSecondsRoundedUp(Instant now, long seconds) {
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, 4, WINDOW_START);

        assertThat(decision.retryAfterSeconds(now)).isEqualTo(seconds);
    }

    @ParameterizedTest
    @CsvSource({"2025-03-01T10:16:00Z", "2025-03-01T10:16:00.5Z", "2025-03-01T10:20:00Z"})
    void givenWindowAlreadyReset_whenAskingRetryAfter_thenAtLeastOneSecond(Instant now) {
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, 4, WINDOW_START);

        assertThat(decision.retryAfterSeconds(now)).isEqualTo(1);
    }

    @Test
    void givenSubMillisecondBeyondAWholeSecondLeft_whenAskingRetryAfter_thenRoundsUpToTheNextSecond() {
        // A client that waits the answered 1 s would arrive half a microsecond before the reset and be refused again.
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, 4, WINDOW_START);
        Instant now = RESET_AT.minusSeconds(1).minusNanos(500);

        assertThat(decision.retryAfterSeconds(now)).isEqualTo(2);
    }

    @Test
    void givenWaitingTheAnsweredRetryAfter_whenTimeIsMeasuredInMilliseconds_thenClientArrivesInTheNextWindow() {
        RateLimitDecision decision = RateLimitDecision.of(THREE_PER_MINUTE, 4, WINDOW_START);

        for (long millisLeft = 1; millisLeft <= 60_000; millisLeft += 997) {
            Instant now = RESET_AT.minusMillis(millisLeft);
            Instant retryAt = now.plusSeconds(decision.retryAfterSeconds(now));

            assertThat(THREE_PER_MINUTE.windowStart(retryAt)).isAfterOrEqualTo(RESET_AT);
        }
    }
}
