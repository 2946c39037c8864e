package dev.recaudo.persistence.checkout;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/**
 * Checkouts through the session. A checkout changes under its document's lock, by a native keyed
 * update that needs no read first (an entity update would read it, and a bulk HQL update is
 * translated anew each time); so that such an update never leaves a stale copy behind, the
 * session keeps no checkout: each is let go of once written or read.
 */
@ApplicationScoped
class CheckoutEntities implements PanacheRepositoryBase<CheckoutEntity, UUID> {

    private final NativeSql nativeSql;

    CheckoutEntities(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    void insert(Checkout checkout) {
        CheckoutEntity entity = CheckoutEntity.of(checkout);
        persist(entity);
        NativeSql.flush(getSession());
        getSession().detach(entity);
    }

    void write(Checkout checkout) {
        int updated = nativeSql.update("UPDATE checkouts SET title = ?, description = ?, phone = ?, due_at = ?, status = ?,"
                        + " provider_payment_id = ?, paid_at = ?, updated_at = ? WHERE company_id = ? AND is_test = ? AND id = ?",
                checkout.title(), checkout.description(), checkout.phone().orElse(null), checkout.dueAt().orElse(null),
                checkout.status().wireName(), checkout.providerPaymentId().orElse(null), checkout.paidAt().orElse(null),
                checkout.updatedAt(), checkout.scope().companyId().value(), checkout.scope().isTest(), checkout.id());
        if (updated != 1) {
            throw new IllegalStateException("checkout " + checkout.id() + " vanished under its document's lock");
        }
    }

    Optional<Checkout> current(TenantScope scope, DocumentId documentId) {
        return read(find("companyId = ?1 and test = ?2 and documentId = ?3",
                Sort.descending("createdAt", "id"), scope.companyId().value(), scope.isTest(), documentId.value())
                .firstResultOptional());
    }

    Optional<Checkout> read(TenantScope scope, UUID checkoutId) {
        return read(find("companyId = ?1 and test = ?2 and id = ?3", scope.companyId().value(), scope.isTest(), checkoutId)
                .singleResultOptional());
    }

    Optional<Checkout> readForPayer(UUID checkoutId) {
        return read(findByIdOptional(checkoutId));
    }

    private Optional<Checkout> read(Optional<CheckoutEntity> entity) {
        entity.ifPresent(getSession()::detach);
        return entity.map(CheckoutEntity::toDomain);
    }
}
