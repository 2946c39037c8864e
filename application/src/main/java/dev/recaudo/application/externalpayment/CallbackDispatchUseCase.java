package dev.recaudo.application.externalpayment;

/** Inbound port of the background work: sends the queued callbacks of completed external payments. */
public interface CallbackDispatchUseCase {

    /**
     * Marks as unknown the attempts whose sender vanished, then makes the attempt of up to
     * {@code callbacksMax} queued callbacks, one after another; returns how many were attempted.
     */
    int dispatchQueued(int callbacksMax);
}
