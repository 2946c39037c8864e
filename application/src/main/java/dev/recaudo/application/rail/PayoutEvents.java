package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;

/**
 * What a payout's event does: the payout's report is fetched from the processor, its fees are booked,
 * and the documents of the charges it settles move from {@code PAID} to {@code CONCILIATED}; a payout
 * that does not add up stays unmatched and visible.
 */
public interface PayoutEvents {

    void paid(CompanyId company, CardRails.Connected rail, ProcessorEvent.PayoutPaid event);
}
