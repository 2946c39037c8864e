package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatabaseBootstrapTest {

    @Test
    void givenAServerThatRunsAutovacuum_whenStarting_thenNothingIsSaidOfStatistics() {
        assertThat(DatabaseBootstrap.statisticsWarning("on")).isEmpty();
    }

    @Test
    void givenAServerWithAutovacuumOff_whenStarting_thenTheOperatorIsToldStatisticsAreNeverRefreshed() {
        assertThat(DatabaseBootstrap.statisticsWarning("off")).hasValueSatisfying(warning -> assertThat(warning)
                .contains("autovacuum = off").contains("ANALYZE"));
    }
}
