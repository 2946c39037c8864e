package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.money.Money;

/**
 * Port: money a completed payment brought that its document no longer takes (the route closed, or
 * the amount fell, while the processor decided). It is the customer's credit first; where the
 * payment's rail can refund, this gives it back to the payer as well.
 */
public interface UntakenMoney {

    /** Rails that give nothing back by themselves: the money stays the customer's credit. */
    UntakenMoney KEPT_AS_CREDIT = (completed, amount) -> false;

    /**
     * Starts giving {@code amount} of the completed payment back through its rail, in the caller's
     * transaction (the refund's first phase); answers whether the rail takes it.
     */
    boolean giveBack(ExternalPayment completed, Money amount);
}
