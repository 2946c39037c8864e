package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A payment a partner's backend asked Recaudo to collect, on the hosted page or directly.
 *
 * @param partner the partner that created it ({@code PartnerScope} name); only that partner sees it
 * @param apiKeyId the key that created it
 * @param checkoutId the hosted page's id ({@code /pay/{checkoutId}}); present exactly for hosted payments
 * @param paymentId the ledger payment recorded at completion
 */
public record ExternalPayment(
        UUID id,
        TenantScope scope,
        String partner,
        UUID apiKeyId,
        ExternalPaymentMode mode,
        ExternalPaymentStatus status,
        Money amount,
        Optional<DocumentId> invoiceId,
        Optional<String> externalReference,
        Optional<String> callbackUrl,
        Optional<String> description,
        Optional<String> redirectUrl,
        Optional<UUID> checkoutId,
        Optional<UUID> paymentId,
        Instant createdAt,
        Instant updatedAt) {

    public ExternalPayment {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(partner, "partner");
        Objects.requireNonNull(apiKeyId, "apiKeyId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(invoiceId, "invoiceId");
        Objects.requireNonNull(externalReference, "externalReference");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(redirectUrl, "redirectUrl");
        Objects.requireNonNull(checkoutId, "checkoutId");
        Objects.requireNonNull(paymentId, "paymentId");
        if (!amount.isPositive()) {
            throw new IllegalArgumentException("an external payment's amount is positive");
        }
        if ((mode == ExternalPaymentMode.HOSTED) != checkoutId.isPresent()) {
            throw new IllegalArgumentException("a hosted payment, and only a hosted payment, has a checkout");
        }
        if ((status == ExternalPaymentStatus.COMPLETED) != paymentId.isPresent()) {
            throw new IllegalArgumentException("a completed payment, and only a completed payment, names its ledger payment");
        }
    }

    public boolean isPending() {
        return status == ExternalPaymentStatus.PENDING;
    }

    public ExternalPayment completed(UUID ledgerPaymentId, Instant now) {
        return moved(ExternalPaymentStatus.COMPLETED, Optional.of(ledgerPaymentId), now);
    }

    public ExternalPayment failed(Instant now) {
        return moved(ExternalPaymentStatus.FAILED, Optional.empty(), now);
    }

    public ExternalPayment canceled(Instant now) {
        return moved(ExternalPaymentStatus.CANCELED, Optional.empty(), now);
    }

    private ExternalPayment moved(ExternalPaymentStatus target, Optional<UUID> ledgerPaymentId, Instant now) {
        if (!status.canMoveTo(target)) {
            throw new IllegalStateException("an external payment cannot move from " + status + " to " + target);
        }
        return new ExternalPayment(id, scope, partner, apiKeyId, mode, target, amount, invoiceId, externalReference,
                callbackUrl, description, redirectUrl, checkoutId, ledgerPaymentId, createdAt, now);
    }
}
