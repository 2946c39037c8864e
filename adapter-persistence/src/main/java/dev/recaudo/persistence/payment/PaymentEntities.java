package dev.recaudo.persistence.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/**
 * Payments read through the session; they are written in native SQL (one row for the payment and
 * one per document it pays, on every verified payment: as entity writes, a persist and a flush
 * each, they cost verified payments a tenth of their throughput; docs/performance.md). The
 * session keeps no payment ({@link SessionRows}).
 */
@ApplicationScoped
class PaymentEntities implements PanacheRepositoryBase<PaymentEntity, UUID> {

    /** A payment of the partner ({@code source}) by its id; {@code kinds} is a JPQL condition on {@code kind}. */
    Optional<Payment> read(TenantScope scope, String source, String externalPaymentId, String kinds) {
        Optional<PaymentEntity> entity = find("companyId = ?1 and test = ?2 and source = ?3 and externalPaymentId = ?4 and "
                + kinds, scope.companyId().value(), scope.isTest(), source, externalPaymentId).singleResultOptional();
        return SessionRows.released(getSession(), entity).map(PaymentEntity::toDomain);
    }
}
