package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;

/**
 * What a hosted session's events do: a completed and paid session pays its checkout (an invoice's or a
 * hosted external payment's) through the one completion path; an expired one frees the checkout for a
 * new session. Called once per event, after its signature and company were checked.
 */
public interface SessionEvents {

    void completed(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionCompleted event);

    void expired(CompanyId company, CardRails.Connected rail, ProcessorEvent.SessionExpired event);
}
