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
 * Checkouts through the session. A checkout changes under its document's lock, by a keyed update
 * that needs no read first; so that such an update never leaves a stale copy behind, the session
 * keeps no checkout: each is let go of once written or read.
 */
@ApplicationScoped
class CheckoutEntities implements PanacheRepositoryBase<CheckoutEntity, UUID> {

    void insert(Checkout checkout) {
        CheckoutEntity entity = CheckoutEntity.of(checkout);
        persist(entity);
        NativeSql.flush(getSession());
        getSession().detach(entity);
    }

    void write(Checkout checkout) {
        int updated = update("title = ?1, description = ?2, phone = ?3, dueAt = ?4, status = ?5, providerPaymentId = ?6,"
                        + " paidAt = ?7, updatedAt = ?8 where companyId = ?9 and test = ?10 and id = ?11",
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
