package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;
import java.time.Duration;

/** Inbound port of the background work: sends the queued callbacks of completed external payments. */
public interface CallbackDispatchUseCase {

    /**
     * Marks as unknown the attempts whose sender vanished; then, in the lane, records as failed the
     * queued callbacks whose origin is paused and starts sending as many others as this instance has
     * room for in flight in it, at most a claim's worth; returns how many were started or recorded.
     * It does not wait for the receivers: each result is recorded as it arrives. Lanes are dispatched
     * apart (each by a run of its own), so a slow claim in one never delays the other.
     */
    int dispatchQueued(KeyEnvironment lane);

    /**
     * At shutdown: claims nothing more from now on, in any lane, and hands no attempt's place on
     * (nothing is left claimed and never started); the attempts already started go on.
     */
    void stopClaiming();

    /**
     * Waits for the attempts already started to end, their outcomes recorded, for {@code within} at
     * most; answers how many are still in flight then. Their callbacks come back when their leases run out.
     */
    int awaitIdle(Duration within) throws InterruptedException;
}
