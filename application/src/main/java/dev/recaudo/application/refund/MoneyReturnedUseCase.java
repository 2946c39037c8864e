package dev.recaudo.application.refund;

import dev.recaudo.application.externalpayment.PaymentProcessor;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.refund.Refund;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port the rails call when money of a completed external payment comes back without being
 * asked for (a card chargeback, a returned transfer): the rail already took it, so it is recorded at
 * once, never refused for being inconvenient, and lands where the company sees it.
 */
public interface MoneyReturnedUseCase {

    sealed interface ChargebackResult {
        record ChargedBack(Refund refund) implements ChargebackResult {}

        record NotFound() implements ChargebackResult {}

        /** The rail's return of this reference was booked before: nothing more is. */
        record AlreadyBooked(Refund refund) implements ChargebackResult {}

        /** The payment is not completed, or holds nothing more to return. */
        record NothingToReturn(String detail) implements ChargebackResult {}
    }

    /**
     * Everything the payment still holds went back through its rail.
     *
     * @param partner the partner whose payment it is
     * @param railReference the rail's own id of the chargeback, when it gives one
     */
    ChargebackResult chargeback(TenantScope scope, String partner, UUID externalPaymentId, Optional<String> reason,
            Optional<String> railReference);

    /**
     * Part of the payment went back through its rail without Recaudo asking (a refund made at the
     * processor's dashboard, a dispute lost): {@code amount} of what the payment holds, and never more
     * than it holds, booked once per {@code railReference} (a second call for it books nothing).
     */
    ChargebackResult returned(TenantScope scope, String partner, UUID externalPaymentId, Money amount,
            Optional<String> reason, String railReference);

    /**
     * Money of a ledger payment no external payment holds (an invoice's checkout paid by card, a bank
     * credit) went back through its rail: {@code amount} of what it holds, never more, booked once per
     * {@code railReference} as a chargeback naming the ledger payment; the invoice it paid owes again.
     */
    ChargebackResult returnedOfPayment(TenantScope scope, UUID paymentId, Money amount, Optional<String> reason,
            String railReference);

    /**
     * The processor's own word on a refund Recaudo asked for (its event), recorded as the refund's answer
     * is, in the caller's transaction: a refund no longer pending stays as it stands.
     *
     * @return the refund afterwards; empty when the scope has no such refund
     */
    Optional<Refund> resolveFromProcessor(TenantScope scope, UUID refundId, PaymentProcessor.RefundAnswer answer);
}
