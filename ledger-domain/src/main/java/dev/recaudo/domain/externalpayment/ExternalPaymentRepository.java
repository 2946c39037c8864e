package dev.recaudo.domain.externalpayment;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: where external payments are kept. Every read is of one partner's payments. */
public interface ExternalPaymentRepository {

    void insert(ExternalPayment payment);

    void update(ExternalPayment payment);

    Optional<ExternalPayment> find(TenantScope scope, String partner, UUID id);

    /** The payment, locked for the caller's transaction. */
    Optional<ExternalPayment> lock(TenantScope scope, String partner, UUID id);

    /** The hosted payment behind a checkout id, locked; the payer knows only that id, so no scope narrows it. */
    Optional<ExternalPayment> lockByCheckout(UUID checkoutId);

    /** The hosted payment behind a checkout id, whatever its company (the payer's page). */
    Optional<ExternalPayment> findByCheckout(UUID checkoutId);

    /** The pending hosted payment that collects the document, if one does (at most one can). */
    Optional<ExternalPayment> pendingHostedFor(TenantScope scope, DocumentId documentId);

    /**
     * Whether a payment of either mode is pending for the document: a hosted one waiting for the
     * payer, or a direct one whose charge may be with the processor. Read under the document's lock.
     */
    boolean anyPendingFor(TenantScope scope, DocumentId documentId);

    /**
     * Pending direct payments of the environment, of every company, created before {@code before}
     * and not asked about since then, the longest unasked first: those whose charge has an unknown
     * outcome, for the recovery that asks the processor.
     */
    List<ExternalPayment> directPendingBefore(KeyEnvironment environment, Instant before, int limit);

    /** Notes that the processor was asked about the payment's charge, so the next look takes others first. */
    void chargeAsked(TenantScope scope, UUID id, Instant now);

    /** Newest first. */
    Page<ExternalPayment> page(TenantScope scope, String partner, int page, int size);

    /** A direct payment's payment-method token, kept with it at creation for its charge (live keys). */
    void keepPaymentMethod(TenantScope scope, UUID id, String paymentMethod);

    /** What the processor's answer left on the payment: its reference of the charge, where the payer must go. */
    void chargeAnswered(TenantScope scope, UUID id, Optional<String> reference, Optional<String> nextActionUrl);

    /** The payment's charge as far as it went; empty when the payment is not the scope's. */
    Optional<ChargeTrail> chargeTrail(TenantScope scope, UUID id);

    /** The payment whatever its partner (a processor's event names the payment, not the partner). */
    Optional<ExternalPayment> findOfCompany(TenantScope scope, UUID id);

    /** The payment whose charge the processor refers to as {@code reference}. */
    Optional<ExternalPayment> findByChargeReference(TenantScope scope, String reference);
}
