package dev.recaudo.application.refund;

import dev.recaudo.application.externalpayment.UntakenMoney;
import dev.recaudo.application.refund.RefundsUseCase.RequestRefund;
import dev.recaudo.application.refund.RefundsUseCase.StartResult;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.money.Money;
import java.util.Optional;

/**
 * Money a document no longer took goes back through the processor that took it, as a refund of the
 * payment for exactly that amount: its first phase runs in the completion's transaction (the credit
 * moves to the refund's in-flight account), and the refund recovery sends it to the processor, which
 * asks first and sends only what the processor never saw.
 */
public final class UntakenMoneyRefunds implements UntakenMoney {

    /** The reason the refund carries, as the credit's event names why the document did not take the money. */
    static final String REASON = "document_closed";

    private static final System.Logger LOG = System.getLogger(UntakenMoneyRefunds.class.getName());

    private final RefundsUseCase refunds;

    public UntakenMoneyRefunds(RefundsUseCase refunds) {
        this.refunds = refunds;
    }

    @Override
    public boolean giveBack(ExternalPayment completed, Money amount) {
        try {
            return refunds.start(new RequestRefund(completed.scope(), completed.partner(), completed.id(),
                    amount.amountMinor(), Optional.of(REASON))) instanceof StartResult.Started;
        } catch (RuntimeException failure) {
            // The completion books money already taken and must not fail for the refund's sake: the money stays credit.
            LOG.log(System.Logger.Level.WARNING, "External payment {0}: the refund of money its document did not take"
                    + " could not start ({1}); it stays the customer's credit", completed.id(), failure.toString());
            return false;
        }
    }
}
