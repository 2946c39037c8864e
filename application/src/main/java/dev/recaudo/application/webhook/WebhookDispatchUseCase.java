package dev.recaudo.application.webhook;

import dev.recaudo.domain.apikey.KeyEnvironment;

/** Inbound port of the scheduler: send the deliveries that are due. */
public interface WebhookDispatchUseCase {

    /**
     * Claims as many due deliveries of the lane as this instance has room for in flight in it, at
     * most a claim's worth, and starts sending them; answers how many were started. It does not wait
     * for them: each outcome is recorded as it arrives. Lanes are dispatched apart (each by a run of
     * its own), so a slow claim in one never delays the other.
     */
    int dispatchDue(KeyEnvironment lane);
}
