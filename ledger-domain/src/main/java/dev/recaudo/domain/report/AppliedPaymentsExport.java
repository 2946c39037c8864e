package dev.recaudo.domain.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.PaymentKind;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Port: every application of a payment to a document booked in a period, read as a stream: the
 * adapter hands each row on as the store yields it, so an export of any size holds a few rows at once.
 */
public interface AppliedPaymentsExport {

    /** Hands each application booked from {@code from} (inclusive) to {@code until} (exclusive), in booking order, to {@code each}. */
    void each(TenantScope scope, Instant from, Instant until, Consumer<Applied> each);

    /**
     * One application: when it was booked, the payment (the partner that reported it, its kind and the
     * partner's external id), the document (its partner's external id and number), the amount, and the
     * ledger transfer and entries that booked it.
     */
    record Applied(Instant appliedAt, String source, PaymentKind kind, String externalPaymentId, String documentSource,
            String externalDocumentId, String documentNumber, Money amount, UUID transferId, List<Long> entryIds) {}
}
