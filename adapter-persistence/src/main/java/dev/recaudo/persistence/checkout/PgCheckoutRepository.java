package dev.recaudo.persistence.checkout;

import static dev.recaudo.persistence.common.NativeSql.instant;
import static dev.recaudo.persistence.common.NativeSql.optionalInstant;
import static dev.recaudo.persistence.common.NativeSql.uuid;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class PgCheckoutRepository implements CheckoutRepository {

    private final NativeSql nativeSql;

    public PgCheckoutRepository(NativeSql nativeSql) {
        this.nativeSql = nativeSql;
    }

    @Override
    public void insert(Checkout checkout) {
        nativeSql.update("INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title,"
                        + " description, phone, due_at, status, provider_payment_id, paid_at, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                checkout.id(), checkout.scope().companyId().value(), checkout.scope().isTest(), checkout.documentId().value(),
                checkout.source(), checkout.amount().currency().name(), checkout.amount().amountMinor(), checkout.title(),
                checkout.description(), checkout.phone().orElse(null), checkout.dueAt().orElse(null),
                checkout.status().wireName(), checkout.providerPaymentId().orElse(null), checkout.paidAt().orElse(null),
                checkout.createdAt(), checkout.updatedAt());
    }

    @Override
    public void update(Checkout checkout) {
        nativeSql.update("UPDATE checkouts SET title = ?, description = ?, phone = ?, due_at = ?, status = ?,"
                        + " provider_payment_id = ?, paid_at = ?, updated_at = ? WHERE company_id = ? AND is_test = ? AND id = ?",
                checkout.title(), checkout.description(), checkout.phone().orElse(null), checkout.dueAt().orElse(null),
                checkout.status().wireName(), checkout.providerPaymentId().orElse(null), checkout.paidAt().orElse(null),
                checkout.updatedAt(), checkout.scope().companyId().value(), checkout.scope().isTest(), checkout.id());
    }

    @Override
    public Optional<Checkout> current(TenantScope scope, DocumentId documentId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE company_id = ? AND is_test = ? AND document_id = ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1",
                PgCheckoutRepository::checkout, scope.companyId().value(), scope.isTest(), documentId.value());
    }

    @Override
    public Optional<Checkout> find(TenantScope scope, UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE company_id = ? AND is_test = ? AND id = ?",
                PgCheckoutRepository::checkout, scope.companyId().value(), scope.isTest(), checkoutId);
    }

    @Override
    public Optional<Checkout> findForPayer(UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE id = ?", PgCheckoutRepository::checkout, checkoutId);
    }

    private static Checkout checkout(ResultSet row) throws SQLException {
        return new Checkout(
                uuid(row, "id"),
                NativeSql.scope(row),
                new DocumentId(uuid(row, "document_id")),
                row.getString("source"),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                row.getString("title"),
                row.getString("description"),
                Optional.ofNullable(row.getString("phone")),
                optionalInstant(row, "due_at"),
                CheckoutStatus.fromWireName(row.getString("status")),
                Optional.ofNullable(row.getString("provider_payment_id")),
                optionalInstant(row, "paid_at"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}
