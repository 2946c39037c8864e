package dev.recaudo.persistence.banktransfer;

import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.PaymentReferences;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code payment_references} table. An offer commits in a transaction of its own with
 * {@code ON CONFLICT DO NOTHING} on both unique keys, so two pages shown at once keep one reference
 * and a drawn serial already taken is simply not kept.
 */
@ApplicationScoped
@StoreFailures
public class PgPaymentReferences implements PaymentReferences {

    @Inject
    NativeSql nativeSql;

    @Override
    public Optional<PaymentReference> of(TenantScope scope, UUID checkoutId) {
        return nativeSql.queryOne("SELECT reference FROM payment_references WHERE checkout_id = ? AND company_id = ?"
                        + " AND is_test = ?", row -> new PaymentReference(row.getString(1)), checkoutId,
                scope.companyId().value(), scope.isTest());
    }

    @Override
    public void offer(TenantScope scope, UUID checkoutId, PaymentReference reference, Instant now) {
        QuarkusTransaction.requiringNew().run(() -> nativeSql.update("INSERT INTO payment_references (reference, checkout_id,"
                        + " company_id, is_test, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", reference.value(),
                checkoutId, scope.companyId().value(), scope.isTest(), now));
    }

    @Override
    public Optional<ReferencedCheckout> checkoutOf(PaymentReference reference) {
        return nativeSql.queryOne("SELECT checkout_id, company_id, is_test FROM payment_references WHERE reference = ?",
                row -> new ReferencedCheckout(Rows.scope(row), Rows.uuid(row, "checkout_id")), reference.value());
    }
}
