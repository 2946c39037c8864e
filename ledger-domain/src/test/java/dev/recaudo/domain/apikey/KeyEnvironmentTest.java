package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class KeyEnvironmentTest {

    @Test
    void givenLiveAndTest_whenParsing_thenAnswersTheirEnvironments() {
        assertThat(KeyEnvironment.fromWireName("live")).contains(KeyEnvironment.LIVE);
        assertThat(KeyEnvironment.fromWireName("test")).contains(KeyEnvironment.TEST);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"prod", "sandbox", "LIVE", "Test", " live"})
    void givenUnknownWireName_whenParsing_thenEmpty(String text) {
        assertThat(KeyEnvironment.fromWireName(text)).isEmpty();
    }
}
