package dev.recaudo.rest.externalpayment;

import dev.recaudo.application.externalpayment.ExternalPaymentView;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The external payments API's answers (camelCase, as the spec names them). */
public final class ExternalPaymentViews {

    private ExternalPaymentViews() {}

    /**
     * An external payment. {@code checkoutUrl} is the hosted page of a hosted payment (null for direct);
     * {@code paymentId} the ledger payment recorded at completion, and {@code totalAppliedMinor} and
     * {@code creditCreatedMinor} what it applied to the invoice and kept as the customer's credit (in
     * the payment's currency; both null until the payment is completed); {@code refundedMinor} what its
     * succeeded refunds and chargebacks returned, {@code refundPendingMinor} what its pending refunds hold;
     * {@code nextActionUrl} where the payer must go to authenticate a pending live direct payment's charge
     * (3-D Secure), null otherwise.
     */
    @RegisterForReflection
    public record ExternalPaymentBody(
            UUID id,
            String status,
            String mode,
            long amountMinor,
            String currency,
            UUID invoiceId,
            String externalReference,
            String description,
            String callbackUrl,
            String redirectUrl,
            String checkoutUrl,
            UUID paymentId,
            Long totalAppliedMinor,
            Long creditCreatedMinor,
            List<WebhookAttemptBody> webhookAttempts,
            long refundedMinor,
            long refundPendingMinor,
            String nextActionUrl,
            Instant createdAt,
            Instant updatedAt) {}

    /**
     * One attempt to deliver the callback: {@code status} is {@code attempting}, {@code delivered},
     * {@code failed} or {@code unknown}; {@code statusCode} the receiver's answer, {@code error} why
     * there was no usable answer, {@code durationMs} how long it took (null while in flight or unknown).
     */
    @RegisterForReflection
    public record WebhookAttemptBody(Instant attemptedAt, String status, Integer statusCode, String error, Long durationMs) {}

    public record ExternalPaymentPage(List<ExternalPaymentBody> payments, long total, int page, int limit) {}

    /** A payment with no refund yet (one just created or completed). */
    public static ExternalPaymentBody of(ExternalPaymentView view, PublicInvoiceProjection links) {
        return of(view, links, List.of());
    }

    public static ExternalPaymentBody of(ExternalPaymentView view, PublicInvoiceProjection links, List<Refund> refunds) {
        return of(view, links, refunds, Optional.empty());
    }

    public static ExternalPaymentBody of(ExternalPaymentView view, PublicInvoiceProjection links, List<Refund> refunds,
            Optional<String> nextActionUrl) {
        ExternalPayment payment = view.payment();
        return new ExternalPaymentBody(payment.id(), payment.status().wireName(), payment.mode().wireName(),
                payment.amount().amountMinor(), payment.amount().currency().name(),
                payment.invoiceId().map(DocumentId::value).orElse(null), payment.externalReference().orElse(null),
                payment.description().orElse(null), payment.callbackUrl().orElse(null), payment.redirectUrl().orElse(null),
                payment.checkoutId().map(links::paymentLink).orElse(null), payment.paymentId().orElse(null),
                view.recorded().map(recorded -> recorded.applied().amountMinor()).orElse(null),
                view.recorded().map(recorded -> recorded.credit().amountMinor()).orElse(null),
                view.webhookAttempts().stream().map(ExternalPaymentViews::attempt).toList(),
                sum(refunds, RefundStatus.SUCCEEDED), sum(refunds, RefundStatus.PENDING), nextActionUrl.orElse(null),
                payment.createdAt(), payment.updatedAt());
    }

    private static long sum(List<Refund> refunds, RefundStatus status) {
        return refunds.stream().filter(refund -> refund.status() == status).mapToLong(refund -> refund.amount().amountMinor()).sum();
    }

    private static WebhookAttemptBody attempt(CallbackAttempt attempt) {
        return new WebhookAttemptBody(attempt.attemptedAt(), attempt.result().wireName(), attempt.statusCode().orElse(null),
                attempt.error().orElse(null), attempt.durationMillis().orElse(null));
    }
}
