package dev.recaudo.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EndpointSecretsTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private static final Duration DAY = Duration.ofDays(1);

    @Test
    void givenANewEndpoint_whenSigning_thenOnlyItsSecretSigns() {
        assertThat(EndpointSecrets.of("whsec_a").signingAt(NOW)).containsExactly("whsec_a");
    }

    @Test
    void givenARotation_whenSigningBeforeTheOverlapEnds_thenTheNewSecretFirstThenTheReplacedOne() {
        EndpointSecrets rotated = EndpointSecrets.of("whsec_a").rotatedTo("whsec_b", NOW, DAY);

        assertThat(rotated.current()).contains("whsec_b");
        assertThat(rotated.previous()).contains(new EndpointSecrets.Previous("whsec_a", NOW.plus(DAY)));
        assertThat(rotated.signingAt(NOW)).containsExactly("whsec_b", "whsec_a");
        assertThat(rotated.signingAt(NOW.plus(DAY).minusNanos(1))).containsExactly("whsec_b", "whsec_a");
    }

    @Test
    void givenARotation_whenSigningFromTheOverlapsEnd_thenOnlyTheNewSecretSigns() {
        EndpointSecrets rotated = EndpointSecrets.of("whsec_a").rotatedTo("whsec_b", NOW, DAY);

        assertThat(rotated.signingAt(NOW.plus(DAY))).containsExactly("whsec_b");
        assertThat(rotated.signingAt(NOW.plus(DAY).plusSeconds(1))).containsExactly("whsec_b");
    }

    @Test
    void givenAZeroOverlap_whenSigning_thenTheReplacedSecretNeverSigns() {
        EndpointSecrets rotated = EndpointSecrets.of("whsec_a").rotatedTo("whsec_b", NOW, Duration.ZERO);

        assertThat(rotated.signingAt(NOW)).containsExactly("whsec_b");
    }

    /** Only two secrets ever sign: the oldest is dropped even though its own overlap had a day to run. */
    @Test
    void givenASecondRotationDuringAnOverlap_whenSigning_thenTheCurrentSecretBecomesThePreviousAndTheOldestIsDropped() {
        EndpointSecrets twice = EndpointSecrets.of("whsec_a").rotatedTo("whsec_b", NOW, DAY)
                .rotatedTo("whsec_c", NOW.plusSeconds(60), Duration.ofHours(1));

        assertThat(twice).isEqualTo(new EndpointSecrets(Optional.of("whsec_c"),
                Optional.of(new EndpointSecrets.Previous("whsec_b", NOW.plusSeconds(60).plus(Duration.ofHours(1))))));
        assertThat(twice.signingAt(NOW.plusSeconds(120))).isEqualTo(List.of("whsec_c", "whsec_b"));
    }

    /** Issue 21, item 6d: a refused secret never signed, so a rotation keeps nothing of it, whatever the overlap. */
    @Test
    void givenARefusedCurrentSecret_whenRotating_thenTheNewSecretAloneSigns() {
        EndpointSecrets refused = new EndpointSecrets(Optional.empty(), Optional.empty());

        EndpointSecrets rotated = refused.rotatedTo("whsec_b", NOW, DAY);

        assertThat(rotated).isEqualTo(EndpointSecrets.of("whsec_b"));
        assertThat(rotated.signingAt(NOW)).containsExactly("whsec_b");
    }

    @Test
    void givenARefusedCurrentSecretAndAPreviousOne_whenRotating_thenBothAreDropped() {
        EndpointSecrets refused = new EndpointSecrets(Optional.empty(),
                Optional.of(new EndpointSecrets.Previous("whsec_a", NOW.plus(DAY))));

        assertThat(refused.rotatedTo("whsec_c", NOW, DAY)).isEqualTo(EndpointSecrets.of("whsec_c"));
    }

    @Test
    void givenARefusedCurrentSecret_whenSigning_thenNothingSigns() {
        EndpointSecrets refused = new EndpointSecrets(Optional.empty(),
                Optional.of(new EndpointSecrets.Previous("whsec_a", NOW.plus(DAY))));

        assertThatThrownBy(() -> refused.signingAt(NOW)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void givenAnOverlapOutOfBounds_whenRotating_thenRefused() {
        EndpointSecrets secrets = EndpointSecrets.of("whsec_a");

        assertThatThrownBy(() -> secrets.rotatedTo("whsec_b", NOW, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> secrets.rotatedTo("whsec_b", NOW, Duration.ofSeconds(EndpointSecrets.OVERLAP_MAX_SECONDS + 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(secrets.rotatedTo("whsec_b", NOW, Duration.ofSeconds(EndpointSecrets.OVERLAP_MAX_SECONDS)).signingAt(NOW))
                .hasSize(2);
    }
}
