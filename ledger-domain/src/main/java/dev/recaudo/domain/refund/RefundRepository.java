package dev.recaudo.domain.refund;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Port: where refunds and chargebacks are kept. Every read is within one company and environment. */
public interface RefundRepository {

    void insert(Refund refund);

    /** Only the state moves: the amount and where it came from are fixed when the refund is taken. */
    void update(Refund refund);

    /** The refund, locked for the caller's transaction. */
    Optional<Refund> lock(TenantScope scope, UUID id);

    Optional<Refund> find(TenantScope scope, UUID id);

    /** The refunds of one external payment, oldest first. */
    List<Refund> ofExternalPayment(TenantScope scope, UUID externalPaymentId);

    /** The refunds and returns of one ledger payment, external or not, oldest first. */
    List<Refund> ofPayment(TenantScope scope, UUID paymentId);

    /**
     * Refunds of the environment, of every company, pending and unchanged since before {@code before}
     * (not asked about since then), the longest unchanged first: those whose outcome the recovery asks
     * the processor about.
     */
    List<Refund> pendingBefore(KeyEnvironment environment, Instant before, int limit);

    /** The refunds of each of the external payments, oldest first; a payment without any is absent. */
    Map<UUID, List<Refund>> ofExternalPayments(TenantScope scope, Collection<UUID> externalPaymentIds);
}
