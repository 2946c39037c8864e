package dev.recaudo.application.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExhaustedWindowsTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:20Z");
    private static final RateLimitPolicy THREE_PER_MINUTE = RateLimitPolicy.perMinute(3);
    private static final RateLimitDecision ENDED = RateLimitDecision.refused(THREE_PER_MINUTE, NOW.minusSeconds(120));
    private static final RateLimitDecision CURRENT = RateLimitDecision.refused(THREE_PER_MINUTE, NOW.minusSeconds(20));

    @Test
    void givenAFullMemory_whenAnotherRefusalComes_thenEndedWindowsMakeRoomAndCurrentOnesStay() {
        ExhaustedWindows windows = new ExhaustedWindows(2);
        windows.remember("ended", ENDED, NOW.minusSeconds(100));
        windows.remember("current", CURRENT, NOW);

        windows.remember("new", CURRENT, NOW);

        assertThat(windows.refusal("current", NOW)).contains(CURRENT);
        assertThat(windows.refusal("new", NOW)).contains(CURRENT);
    }

    @Test
    void givenAMemoryFullOfCurrentWindows_whenAnotherRefusalComes_thenItStartsOverWithOnlyThatOne() {
        ExhaustedWindows windows = new ExhaustedWindows(2);
        windows.remember("a", CURRENT, NOW);
        windows.remember("b", CURRENT, NOW);

        windows.remember("c", CURRENT, NOW);

        assertThat(windows.refusal("a", NOW)).isEmpty();
        assertThat(windows.refusal("b", NOW)).isEmpty();
        assertThat(windows.refusal("c", NOW)).contains(CURRENT);
    }
}
