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
     * Pending direct payments of the environment, of every company, created before {@code before}
     * and not asked about since then, the longest unasked first: those whose charge has an unknown
     * outcome, for the recovery that asks the processor.
     */
    List<ExternalPayment> directPendingBefore(KeyEnvironment environment, Instant before, int limit);

    /** Notes that the processor was asked about the payment's charge, so the next look takes others first. */
    void chargeAsked(TenantScope scope, UUID id, Instant now);

    /** Newest first. */
    Page<ExternalPayment> page(TenantScope scope, String partner, int page, int size);
}
