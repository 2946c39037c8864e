package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;

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
}
