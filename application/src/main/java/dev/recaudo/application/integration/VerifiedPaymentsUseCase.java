package dev.recaudo.application.integration;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.KnownCustomer;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.CertifiedRate;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentRepository.PaidDocument;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port of the integrations API for payments: verified payments applied only to the
 * documents the partner lists, their continuation with a certified exchange rate, and reads.
 */
public interface VerifiedPaymentsUseCase {

    ApplyResult apply(VerifiedPayment command);

    ApplyResult certify(CertifiedRateCommand command);

    /** A partner's payment of any kind (verified, settlement, checkout) by the id the payments list shows. */
    Optional<PaymentView> get(TenantScope scope, String source, String externalPaymentId);

    ChangeSlice<PaymentView> list(TenantScope scope, PaymentListQuery query, Optional<String> customerExternalId);

    /** What the partner listed: a document by its external id, and the amount meant for it (document currency). */
    record ListedDocument(String externalDocumentId, long amountMinor) {}

    record VerifiedPayment(
            TenantScope scope,
            String source,
            String externalPaymentId,
            String customerExternalId,
            Money amount,
            Instant verifiedAt,
            List<ListedDocument> documents,
            String requestId) {}

    record CertifiedRateCommand(
            TenantScope scope,
            String source,
            String externalPaymentId,
            CurrencyCode refCurrency,
            long refAmountMinor,
            CertifiedRate rate,
            LocalDate effectiveDate,
            List<ListedDocument> documents,
            Optional<UUID> apiKeyId,
            String requestId) {}

    /** A payment with its applications and customer (as the payment's partner knows it), as the integrations API shows it. */
    record PaymentView(Payment payment, List<PaidDocument> documents, Optional<KnownCustomer> customer) {}

    enum Rejection {
        CUSTOMER_NOT_FOUND,
        DOCUMENT_NOT_FOUND,
        DOCUMENT_OF_ANOTHER_CUSTOMER,
        MIXED_CURRENCIES,
        /** The listed documents are in a currency no verified payment or rate can settle; detail: that currency. */
        DOCUMENT_CURRENCY_NOT_SETTLEABLE,
        LISTED_EXCEEDS_AMOUNT,
        PAYMENT_NOT_FOUND,
        NOT_AWAITING_RATE,
        REFERENCE_CURRENCY_MISMATCH,
        /** The payment converted at the rate is above {@code Money.AMOUNT_MINOR_MAX}; {@code detail} is the payment's amount. */
        CONVERSION_ABOVE_MAXIMUM,
        REFERENCE_AMOUNT_MISMATCH
    }

    sealed interface ApplyResult {
        /** Processed now; the outcome is in the payment. */
        record Processed(PaymentView view) implements ApplyResult {}

        /** The same payment was processed before: its original answer. */
        record AlreadyProcessed(PaymentView view) implements ApplyResult {}

        /**
         * Nothing could be applied and no money moved; the payment is kept so that a corrected
         * request with the same external id is processed again.
         */
        record NoOpenDocuments(PaymentView view) implements ApplyResult {}

        /** {@code detail} names the offending document when there is one. */
        record Rejected(Rejection reason, String detail) implements ApplyResult {}
    }
}
