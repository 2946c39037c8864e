package dev.recaudo.application.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Duration;

/** Inbound port of the scheduler: send the deliveries that are due. */
public interface WebhookDispatchUseCase {

    /**
     * Claims as many due deliveries of the lane as this instance has room for in flight in it, at
     * most a claim's worth, and starts sending them; answers how many were started. It does not wait
     * for them: each outcome is recorded as it arrives. Lanes are dispatched apart (each by a run of
     * its own), so a slow claim in one never delays the other.
     */
    int dispatchDue(KeyEnvironment lane);

    /**
     * At shutdown: claims nothing more from now on, in any lane, and hands no attempt's place on
     * (nothing is left claimed and never started); the attempts already started go on.
     */
    void stopClaiming();

    /**
     * Waits for the attempts already started to end, their outcomes recorded, for {@code within} at
     * most; answers how many are still in flight then. Their deliveries come back when their leases run out.
     */
    int awaitIdle(Duration within) throws InterruptedException;
}
