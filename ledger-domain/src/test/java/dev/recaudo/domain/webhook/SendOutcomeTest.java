package dev.recaudo.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An attempt's result follows from its status, or names why no answer came; the two never disagree. */
class SendOutcomeTest {

    @Test
    void givenAnsweredAttempts_whenClassified_thenByStatusClassAndOnly2xxIsDelivered() {
        assertThat(SendOutcome.answered(200, 1).result()).isEqualTo(AttemptResult.DELIVERED);
        assertThat(SendOutcome.answered(299, 1).succeeded()).isTrue();
        assertThat(SendOutcome.answered(302, 1).result()).isEqualTo(AttemptResult.STATUS_3XX);
        assertThat(SendOutcome.answered(410, 1).result()).isEqualTo(AttemptResult.STATUS_4XX);
        assertThat(SendOutcome.answered(503, 1).result()).isEqualTo(AttemptResult.STATUS_5XX);
        assertThat(SendOutcome.answered(199, 1).result()).as("no final answer is a success").isEqualTo(AttemptResult.STATUS_5XX);
        assertThat(SendOutcome.answered(302, 1).succeeded()).isFalse();
    }

    @Test
    void givenAFailure_whenBuilt_thenItKeepsItsReasonAndIsNoSuccess() {
        SendOutcome timeout = SendOutcome.failed(AttemptResult.TIMEOUT, "timeout after 10 ms", 10);

        assertThat(timeout.result()).isEqualTo(AttemptResult.TIMEOUT);
        assertThat(timeout.succeeded()).isFalse();
        assertThat(timeout.error()).contains("timeout after 10 ms");
    }

    @Test
    void givenAResultThatContradictsTheAttempt_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> SendOutcome.failed(AttemptResult.DELIVERED, "no answer", 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SendOutcome(Optional.of(500), Optional.empty(), 1, AttemptResult.DELIVERED))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SendOutcome(Optional.of(200), Optional.of("both"), 1, AttemptResult.DELIVERED))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
