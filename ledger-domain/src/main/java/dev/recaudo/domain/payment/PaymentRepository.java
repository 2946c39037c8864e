package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: where payments, their applications to documents and certified rates are kept. */
public interface PaymentRepository {

    void insert(Payment payment);

    void update(Payment payment);

    /**
     * Serializes every request about one partner payment until the transaction ends, then reads under
     * that lock, in one round trip, the verified payment and the partner's link to the customer
     * {@code customerExternalId} names (none when it is empty). Whatever the lock's previous holder
     * committed while this request waited is seen.
     */
    LockedVerified lockVerified(TenantScope scope, String source, String externalPaymentId,
            Optional<String> customerExternalId);

    /**
     * A partner's payment of any kind by its id, among those {@link Payment#shownByIntegrations}: ids
     * are unique per partner across kinds (see {@link PaymentKind}).
     */
    Optional<Payment> find(TenantScope scope, String source, String externalPaymentId);

    /** The company's payments with these ids, of any kind (an external payment names the one recorded at completion). */
    List<Payment> findByIds(TenantScope scope, Collection<UUID> ids);

    /** A payment of any kind by Recaudo's own id of it (the id an external payment names at completion). */
    Optional<Payment> findById(TenantScope scope, UUID id);

    /**
     * A payment Recaudo named itself ({@code checkout:<id>}, {@code external:<id>}; see {@link PaymentKind}),
     * whichever partner it belongs to: the ids it names are Recaudo's own, unique in the company.
     */
    Optional<Payment> findRecaudoNamed(TenantScope scope, String externalPaymentId);

    /** A payment whose processor (or provider) reference is {@code reference}, the first recorded if several. */
    Optional<Payment> findByProviderReference(TenantScope scope, String reference);

    void insertApplication(TenantScope scope, PaymentApplication application);

    /** Inserts the applications of a payment, all in one round trip. */
    void insertApplications(TenantScope scope, List<PaymentApplication> applications);

    /** The payment whose application settled the document last, if any. */
    Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId);

    List<PaidDocument> applicationsOfPayment(TenantScope scope, UUID paymentId);

    void insertExchangeRate(ExchangeRate rate);

    /**
     * A page of payments in change order, after the query's position, holding only changes of
     * transactions that have finished; only payments {@link Payment#shownByIntegrations}.
     */
    ChangeSlice<Payment> list(TenantScope scope, PaymentListQuery query);

    /** What a request about a verified payment reads under the payment's lock. */
    record LockedVerified(Optional<Payment> payment, Optional<CustomerLink> customerLink) {}

    /** One application as a document shows it. */
    record AppliedPayment(UUID paymentId, Money amount, String source, String externalPaymentId, PaymentKind kind,
            PaymentOutcome outcome, Instant appliedAt) {}

    /** One application as a payment shows it, with the document's balance now. */
    record PaidDocument(DocumentId documentId, String externalDocumentId, Money applied, Money balance) {}

    /** A certified rate and its provenance. */
    record ExchangeRate(UUID id, TenantScope scope, UUID paymentId, CurrencyCode from, CurrencyCode to, String rate,
            LocalDate effectiveDate, Optional<UUID> apiKeyId, Optional<String> requestId, Instant createdAt) {}
}
