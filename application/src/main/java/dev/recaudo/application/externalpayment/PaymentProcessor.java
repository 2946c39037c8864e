package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: what takes the payer's money, and gives it back. Recaudo records and applies a payment only
 * after the processor approved it; with no processor for live payments, nothing pretends to charge.
 */
public interface PaymentProcessor {

    /** The processor's answer to a direct payment. */
    enum Decision {
        APPROVED,
        DECLINED,
        /** Neither yet: the payment stays pending. */
        PENDING
    }

    /**
     * A refund of part or all of a charged payment. {@code idempotencyKey} is derived from the
     * refund's id: the processor refunds once per key, however often it is asked.
     */
    record RefundRequest(TenantScope scope, UUID externalPaymentId, Money amount, String idempotencyKey) {

        public RefundRequest {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(externalPaymentId, "externalPaymentId");
            Objects.requireNonNull(idempotencyKey, "idempotencyKey");
            if (!amount.isPositive()) {
                throw new IllegalArgumentException("a refund's amount is positive");
            }
        }
    }

    /** What the processor did with a refund, and its own reference of it when it has one. */
    record RefundAnswer(Decision decision, Optional<String> reference) {

        public RefundAnswer {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(reference, "reference");
        }
    }

    Decision charge(ExternalPayment payment);

    /** Refunds once per {@link RefundRequest#idempotencyKey()}; a repeat answers what the first did. */
    RefundAnswer refund(RefundRequest request);

    /** Asks what became of a refund requested under {@code idempotencyKey}: empty when the processor never saw it. */
    Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey);
}
