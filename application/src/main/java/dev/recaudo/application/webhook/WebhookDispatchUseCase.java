package dev.recaudo.application.webhook;

/** Inbound port of the scheduler: send the deliveries that are due. */
public interface WebhookDispatchUseCase {

    /** Sends one bounded batch of due deliveries; answers how many were attempted. */
    int dispatchDue();
}
