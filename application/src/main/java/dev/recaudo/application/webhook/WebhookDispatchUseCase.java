package dev.recaudo.application.webhook;

/** Inbound port of the scheduler: send the deliveries that are due. */
public interface WebhookDispatchUseCase {

    /**
     * Claims as many due deliveries as this instance has room for in flight, at most a claim's worth
     * per lane, and starts sending them; answers how many were started. It does not wait for them:
     * each outcome is recorded as it arrives.
     */
    int dispatchDue();
}
