package dev.recaudo.application.externalpayment;

/** Inbound port of the background work: sends the queued callbacks of completed external payments. */
public interface CallbackDispatchUseCase {

    /**
     * Marks as unknown the attempts whose sender vanished; then, per lane, records as failed the
     * queued callbacks whose origin is paused and starts sending as many others as this instance has
     * room for in flight, at most a claim's worth; returns how many were started or recorded. It does
     * not wait for the receivers: each result is recorded as it arrives.
     */
    int dispatchQueued();
}
