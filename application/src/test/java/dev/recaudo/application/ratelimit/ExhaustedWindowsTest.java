package dev.recaudo.application.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
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
    void givenAMemoryFullOfCurrentWindows_whenAnotherRefusalComes_thenOnlyTheOldestRememberedIsForgotten() {
        ExhaustedWindows windows = new ExhaustedWindows(4);
        for (String name : List.of("a", "b", "c", "d")) {
            windows.remember(name, CURRENT, NOW);
        }

        windows.remember("e", CURRENT, NOW);

        assertThat(windows.refusal("a", NOW)).isEmpty();
        for (String name : List.of("b", "c", "d", "e")) {
            assertThat(windows.refusal(name, NOW)).as(name).contains(CURRENT);
        }
    }

    @Test
    void givenARefusalRememberedAgain_whenTheMemoryOverflows_thenItCountsAsRecentAndStays() {
        ExhaustedWindows windows = new ExhaustedWindows(4);
        for (String name : List.of("a", "b", "c", "a", "d")) {
            windows.remember(name, CURRENT, NOW);
        }

        windows.remember("e", CURRENT, NOW);

        assertThat(windows.refusal("a", NOW)).contains(CURRENT);
        assertThat(windows.refusal("b", NOW)).isEmpty();
    }

    @Test
    void givenAFloodOfDistinctRefusals_whenItOutgrowsTheMemory_thenTheMemoryStaysBoundedAndKeepsTheNewest() {
        ExhaustedWindows windows = new ExhaustedWindows(1_000);

        for (int i = 0; i < 10_000; i++) {
            windows.remember("flood-" + i, CURRENT, NOW);
        }

        long remembered = IntStream.range(0, 10_000)
                .filter(i -> windows.refusal("flood-" + i, NOW).isPresent())
                .count();
        assertThat(remembered).isBetween(750L, 1_000L);
        assertThat(windows.refusal("flood-9999", NOW)).contains(CURRENT);
        assertThat(windows.refusal("flood-0", NOW)).isEmpty();
    }
}
