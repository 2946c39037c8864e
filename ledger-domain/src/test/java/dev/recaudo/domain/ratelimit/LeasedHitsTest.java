package dev.recaudo.domain.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class LeasedHitsTest {

    @Test
    void givenSixHitsGrantedUpToTwelve_whenAskingTheFirst_thenSeven() {
        assertThat(new LeasedHits(12, 6).first()).isEqualTo(7);
        assertThat(new LeasedHits(1, 1).first()).isEqualTo(1);
    }

    @Test
    void givenNoHitOrMoreHitsThanTheCounterHolds_whenLeasing_thenRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new LeasedHits(5, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> new LeasedHits(2, 3));
    }
}
