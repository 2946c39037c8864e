package dev.recaudo.persistence.secret;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.persistence.common.NativeSql;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * When plaintext is over and when it is refused, in each mode, without a database: the milestone
 * row is answered by a stand-in (issue 21 review, second round).
 */
class PlaintextRetirementTest {

    @Test
    void givenThePinWithoutProduction_thenPlaintextIsOverAndRefusedWhateverTheTableHolds() {
        PlaintextRetirement pinned = new PlaintextRetirement(milestoneRow(false), false, true);

        assertThat(pinned.retired()).isTrue();
        assertThat(pinned.refused()).isTrue();
    }

    @Test
    void givenProductionWithoutTheMilestone_thenPlaintextIsStillReadAndSealed() {
        PlaintextRetirement production = new PlaintextRetirement(milestoneRow(false), true, false);

        assertThat(production.retired()).isFalse();
        assertThat(production.refused()).isFalse();
    }

    @Test
    void givenTheMilestone_thenPlaintextIsOverInEveryModeButRefusedOnlyInProduction() {
        assertThat(new PlaintextRetirement(milestoneRow(true), true, false).refused()).isTrue();
        PlaintextRetirement development = new PlaintextRetirement(milestoneRow(true), false, false);
        assertThat(development.retired()).isTrue();
        assertThat(development.refused()).isFalse();
    }

    @Test
    void givenThePinWhilePlaintextRowsRemain_whenAPassCountsThem_thenOneErrorNamesTheSettingAndTheCount() {
        PlaintextRetirement pinned = new PlaintextRetirement(milestoneRow(false), false, true);

        assertThat(pinned.pinnedOverPlaintext(3)).hasValueSatisfying(error -> assertThat(error)
                .contains("RECAUDO_SECRETS_REFUSE_PLAINTEXT").contains("3 stored secrets are still in plaintext"));
        assertThat(pinned.pinnedOverPlaintext(3)).as("said once per instance").isEmpty();
        assertThat(new PlaintextRetirement(milestoneRow(false), false, true).pinnedOverPlaintext(0)).isEmpty();
        assertThat(new PlaintextRetirement(milestoneRow(false), true, false).pinnedOverPlaintext(3)).isEmpty();
    }

    /**
     * Item 4: the pass's report of a planted value says what happens to it where it runs: refused, or
     * still read (outside production, without the pin) though never sealed.
     */
    @Test
    void givenAPlantedPlaintextValue_whenReported_thenTheLineSaysWhetherItIsStillUsed() {
        UUID endpoint = UUID.randomUUID();
        Keyring keyring = Keyring.parse(Optional.of("a:" + SecretSealerTest.KEY_A), Optional.of("a"));

        assertThat(new SecretSealer(keyring, new SecureRandom(), () -> true)
                .plantedPlaintext(SecretColumn.WEBHOOK_ENDPOINTS, endpoint).getMessage())
                .contains("is neither used nor sealed");
        assertThat(new SecretSealer(keyring, new SecureRandom(), () -> false)
                .plantedPlaintext(SecretColumn.WEBHOOK_ENDPOINTS, endpoint).getMessage())
                .contains("is not sealed; it is still used outside production unless RECAUDO_SECRETS_REFUSE_PLAINTEXT is set")
                .doesNotContain("neither used");
    }

    /** Statements that answer only the milestone's lookup, as the table would. */
    private static NativeSql milestoneRow(boolean present) {
        return new NativeSql((DataSource) null) {
            @Override
            @SuppressWarnings("unchecked")
            public <T> Optional<T> queryOne(String sql, RowMapper<T> mapper, Object... parameters) {
                assertThat(sql).contains("secret_sealing_milestones");
                return present ? Optional.of((T) Boolean.TRUE) : Optional.empty();
            }
        };
    }
}
