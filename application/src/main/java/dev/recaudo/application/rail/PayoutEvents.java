package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;

/**
 * What a payout's event does, in two steps: the payout's report is fetched from the processor with no
 * transaction open ({@link #report}); then, in the transaction that records the event, its fees are
 * booked and the documents of the charges it settles move from {@code PAID} to {@code CONCILIATED}; a
 * payout that does not add up stays unmatched and visible.
 */
public interface PayoutEvents {

    /** The payout's report, asked of the processor: never called inside a transaction. */
    default PayoutReport report(CardRails.Connected rail, ProcessorEvent.PayoutPaid event) {
        return rail.processor().payout(event.payoutId());
    }

    /** Applies the fetched report, in the caller's transaction. */
    void paid(CompanyId company, CardRails.Connected rail, PayoutReport report);
}
