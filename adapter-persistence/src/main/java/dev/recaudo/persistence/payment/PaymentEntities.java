package dev.recaudo.persistence.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.SessionRows;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/**
 * Payments and their applications through the session. A payment is written under its identity's
 * advisory lock; the session keeps a payment this transaction inserted and lets go of one it only
 * read ({@link SessionRows}).
 */
@ApplicationScoped
class PaymentEntities implements PanacheRepositoryBase<PaymentEntity, UUID> {

    void insert(Payment payment) {
        persist(PaymentEntity.of(payment));
        NativeSql.flush(getSession());
    }

    void write(Payment payment) {
        PaymentEntity entity = findByIdOptional(payment.id())
                .filter(row -> row.isIn(payment.scope()))
                .orElseThrow(() -> new IllegalStateException("payment " + payment.id() + " vanished"));
        entity.takeChangesOf(payment);
        NativeSql.flush(getSession());
    }

    /** A payment of the partner ({@code source}) by its id; {@code kinds} is a JPQL condition on {@code kind}. */
    Optional<Payment> read(TenantScope scope, String source, String externalPaymentId, String kinds) {
        Optional<PaymentEntity> entity = find("companyId = ?1 and test = ?2 and source = ?3 and externalPaymentId = ?4 and "
                + kinds, scope.companyId().value(), scope.isTest(), source, externalPaymentId).singleResultOptional();
        return SessionRows.released(getSession(), entity).map(PaymentEntity::toDomain);
    }

    void insertApplication(TenantScope scope, PaymentApplication application) {
        getSession().persist(PaymentApplicationEntity.of(scope, application));
        NativeSql.flush(getSession());
    }
}
