package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: what takes the payer's money, and gives it back. Recaudo records and applies a payment only after the
 * processor approved it; with no processor for live payments, nothing pretends to charge. Every
 * charge carries a processor idempotency key derived from the payment id, so a charge sent twice
 * is made once, and an outcome that was lost on the way is found by asking with that key, never by
 * charging again. A refund carries a key derived from the refund's id, in the same way.
 */
public interface PaymentProcessor {

    /**
     * @param processorKey the processor's idempotency key of the charge, {@code recaudo-charge-<paymentId>}
     * @param paymentMethod the processor's token of the payer's payment method (a card never passes through
     *     Recaudo); empty for the sandbox, which needs none
     * @param returnUrl where the payer comes back after an authentication the processor asks for (3-D Secure)
     */
    record ChargeRequest(TenantScope scope, String processorKey, UUID paymentId, Money amount,
            Optional<String> paymentMethod, Optional<String> returnUrl) {

        public ChargeRequest {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(processorKey, "processorKey");
            Objects.requireNonNull(paymentId, "paymentId");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(paymentMethod, "paymentMethod");
            Objects.requireNonNull(returnUrl, "returnUrl");
        }

        /** The one charge of a direct payment, under the key its id gives it. */
        public static ChargeRequest of(ExternalPayment payment, Optional<String> paymentMethod) {
            return new ChargeRequest(payment.scope(), keyOf(payment.id()), payment.id(), payment.amount(), paymentMethod,
                    payment.redirectUrl());
        }

        public static String keyOf(UUID paymentId) {
            return "recaudo-charge-" + paymentId;
        }
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

    /** What the processor did with a refund ({@code APPROVED}: refunded), and its own reference of it when it has one. */
    record RefundAnswer(Decision decision, Optional<String> reference) {

        public RefundAnswer {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(reference, "reference");
        }
    }

    /**
     * The processor's answer to a charge. A {@code PENDING} charge may name where the payer must go to
     * authenticate it (3-D Secure): {@code nextActionUrl}.
     */
    record ChargeAnswer(Decision decision, Optional<String> reference, Optional<String> nextActionUrl) {

        public ChargeAnswer {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(reference, "reference");
            Objects.requireNonNull(nextActionUrl, "nextActionUrl");
        }

        public static ChargeAnswer of(Decision decision) {
            return new ChargeAnswer(decision, Optional.empty(), Optional.empty());
        }
    }

    /** The processor's answer to a charge or a refund. */
    enum Decision {
        APPROVED,
        DECLINED,
        /** Neither yet: the payment stays pending. */
        PENDING
    }

    /** What the processor knows of a charge when asked about it. */
    enum Finding {
        APPROVED,
        DECLINED,
        PENDING,
        /** No charge was ever made under the key. */
        NOT_FOUND
    }

    /**
     * Asks for the charge; the same key again answers the first decision and charges nothing more.
     *
     * @throws AnswerLost when the answer did not arrive (a timeout, a connection reset): the charge
     *     may or may not have been made
     */
    ChargeAnswer charge(ChargeRequest request);

    /** Asks what became of the charge made, or never made, under the key. */
    Finding lookup(TenantScope scope, String processorKey);

    /**
     * Refunds once per {@link RefundRequest#idempotencyKey()}; a repeat answers what the first did.
     *
     * @throws AnswerLost when the answer did not arrive: the refund may or may not have been made
     */
    RefundAnswer refund(RefundRequest request);

    /** Asks what became of a refund requested under {@code idempotencyKey}: empty when the processor never saw it. */
    Optional<RefundAnswer> refundOf(TenantScope scope, String idempotencyKey);

    /** The processor's answer to a charge or a refund did not arrive; only asking tells what became of it. */
    final class AnswerLost extends RuntimeException {

        public AnswerLost(String message) {
            super(message);
        }
    }
}
