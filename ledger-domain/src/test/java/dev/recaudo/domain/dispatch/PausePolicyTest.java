package dev.recaudo.domain.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PausePolicyTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private final PausePolicy policy = new PausePolicy(3, Duration.ofMinutes(1), Duration.ofMinutes(10));

    @Test
    void givenFailuresInARow_whenTheThirdComes_thenPausedForTheBaseAndOnProbationAfterIt() {
        TargetHealth health = TargetHealth.HEALTHY;
        health = policy.after(health, false, NOW);
        health = policy.after(health, false, NOW);
        assertThat(health.pausedAt(NOW)).isFalse();

        health = policy.after(health, false, NOW);

        assertThat(health).isEqualTo(new TargetHealth(3, 1, Optional.of(NOW.plus(Duration.ofMinutes(1)))));
        assertThat(health.attemptsAllowed(NOW.plusSeconds(59), 4)).as("paused").isZero();
        assertThat(health.attemptsAllowed(NOW.plusSeconds(60), 4)).as("a probe").isEqualTo(1);
        assertThat(policy.after(health, true, NOW.plusSeconds(61)).attemptsAllowed(NOW.plusSeconds(61), 4)).isEqualTo(4);
    }

    @Test
    void givenFailuresDuringAPause_whenRecorded_thenCountedButThePauseIsNotLengthened() {
        TargetHealth paused = new TargetHealth(3, 1, Optional.of(NOW.plus(Duration.ofMinutes(1))));

        assertThat(policy.after(paused, false, NOW.plusSeconds(5)))
                .isEqualTo(new TargetHealth(4, 1, Optional.of(NOW.plus(Duration.ofMinutes(1)))));
    }

    @Test
    void givenProbesThatKeepFailing_whenPausedAgainAndAgain_thenEachPauseDoublesUpToTheCap() {
        assertThat(policy.length(1)).isEqualTo(Duration.ofMinutes(1));
        assertThat(policy.length(2)).isEqualTo(Duration.ofMinutes(2));
        assertThat(policy.length(4)).isEqualTo(Duration.ofMinutes(8));
        assertThat(policy.length(5)).isEqualTo(Duration.ofMinutes(10));
        assertThat(policy.length(10_000)).as("no overflow").isEqualTo(Duration.ofMinutes(10));
        TargetHealth probing = new TargetHealth(5, 2, Optional.of(NOW));
        assertThat(policy.after(probing, false, NOW).pausedUntil()).hasValue(NOW.plus(Duration.ofMinutes(4)));
    }

    @Test
    void givenNonsense_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> new PausePolicy(0, Duration.ofMinutes(1), Duration.ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PausePolicy(1, Duration.ofMinutes(2), Duration.ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TargetHealth(1, 1, Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    }
}
