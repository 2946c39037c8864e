package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.externalpayment.ExternalPayment;

/**
 * The processor of test keys: no money moves, and the outcome follows from the amount so that a
 * partner can test every branch (docs/reference/external-payments.md): an {@code amountMinor}
 * ending in {@code 02} is declined, one ending in {@code 03} stays pending, any other is approved.
 */
public final class SandboxProcessor implements PaymentProcessor {

    public static final long DECLINED_ENDING = 2;
    public static final long PENDING_ENDING = 3;

    @Override
    public Decision charge(ExternalPayment payment) {
        long ending = payment.amount().amountMinor() % 100;
        if (ending == DECLINED_ENDING) {
            return Decision.DECLINED;
        }
        return ending == PENDING_ENDING ? Decision.PENDING : Decision.APPROVED;
    }
}
