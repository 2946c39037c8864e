package dev.recaudo.application.externalpayment;

import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.money.Money;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** Inbound port: the external payments API. Every call acts for one partner and sees only its payments. */
public interface ExternalPaymentsUseCase {

    /**
     * @param partner the partner of the key ({@code PartnerScope} name): the payment's owner
     * @param source the key's {@code source}; a key with one pays only that partner's invoices
     * @param paymentMethod a direct payment's payment-method token at the processor ({@code pm_...}): required
     *     for live keys, ignored for test keys
     */
    record CreatePayment(TenantScope scope, String partner, Optional<String> source, UUID apiKeyId,
            ExternalPaymentMode mode, Money amount, Optional<DocumentId> invoiceId, Optional<String> externalReference,
            Optional<String> callbackUrl, Optional<String> description, Optional<String> redirectUrl,
            Optional<String> paymentMethod) {

        public CreatePayment {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(partner, "partner");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(paymentMethod, "paymentMethod");
        }

        /** A payment without a payment-method token (hosted, or direct with a test key). */
        public CreatePayment(TenantScope scope, String partner, Optional<String> source, UUID apiKeyId,
                ExternalPaymentMode mode, Money amount, Optional<DocumentId> invoiceId, Optional<String> externalReference,
                Optional<String> callbackUrl, Optional<String> description, Optional<String> redirectUrl) {
            this(scope, partner, source, apiKeyId, mode, amount, invoiceId, externalReference, callbackUrl, description,
                    redirectUrl, Optional.empty());
        }
    }

    enum Rejection {
        /** {@code invoiceId} names no invoice this key may see. */
        INVOICE_NOT_FOUND,
        /** The invoice is in another currency. */
        CURRENCY_MISMATCH,
        /** The invoice is paid, annulled or otherwise closed to payment. */
        INVOICE_NOT_PAYABLE,
        /** The amount is not the invoice's open balance: partial payments are refused (docs/decisions.md). */
        AMOUNT_NOT_OPEN_BALANCE,
        /** A pending external payment (hosted, or direct with its charge at the processor) already collects the invoice. */
        INVOICE_ALREADY_COLLECTED,
        /** The callback URL is not a public HTTPS address. */
        CALLBACK_REFUSED,
        /** No payment rail the company configured takes the currency (live keys). */
        CURRENCY_NOT_SERVED,
        /** A live direct payment without a payment-method token, or with what looks like a card number. */
        PAYMENT_METHOD_REFUSED
    }

    sealed interface CreateResult {
        record Created(ExternalPaymentView view) implements CreateResult {}

        record Rejected(Rejection rejection, String detail) implements CreateResult {}

        /** No processor takes the company's payments of this environment; {@code message} says what to configure. */
        record ProcessorUnavailable(String message) implements CreateResult {

            public ProcessorUnavailable() {
                this("No payment processor takes live payments yet; test keys use the sandbox processor");
            }
        }
    }

    sealed interface CancelResult {
        record Canceled(ExternalPaymentView view) implements CancelResult {}

        record NotFound() implements CancelResult {}

        /**
         * Completed or failed, a final state that a cancel cannot undo; or a pending direct payment,
         * whose charge may be with the processor.
         */
        record NotCancelable(ExternalPaymentView view) implements CancelResult {}
    }

    CreateResult create(CreatePayment command);

    Optional<ExternalPaymentView> get(TenantScope scope, String partner, UUID id);

    Page<ExternalPaymentView> list(TenantScope scope, String partner, int page, int size);

    CancelResult cancel(TenantScope scope, String partner, UUID id);
}
