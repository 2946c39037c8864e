package dev.recaudo.rest.externalpayment;

import dev.recaudo.domain.refund.Refund;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The refunds of an external payment as the API shows them (camelCase, as the rest of the family). */
public final class RefundViews {

    private RefundViews() {}

    /**
     * A refund or chargeback: {@code kind} is {@code refund} or {@code chargeback}, {@code status}
     * {@code pending}, {@code succeeded} or {@code failed}; {@code processorReference} the
     * processor's (or rail's) own id of it, once known.
     */
    @RegisterForReflection
    public record RefundBody(
            UUID id,
            UUID externalPaymentId,
            String kind,
            String status,
            long amountMinor,
            String currency,
            String reason,
            String processorReference,
            Instant createdAt,
            Instant updatedAt) {}

    public record RefundList(List<RefundBody> refunds) {}

    public static RefundBody of(Refund refund) {
        return new RefundBody(refund.id(), refund.externalPaymentId().orElseThrow(), refund.kind().wireName(), refund.status().wireName(),
                refund.amount().amountMinor(), refund.amount().currency().name(), refund.reason().orElse(null),
                refund.processorReference().orElse(null), refund.createdAt(), refund.updatedAt());
    }
}
