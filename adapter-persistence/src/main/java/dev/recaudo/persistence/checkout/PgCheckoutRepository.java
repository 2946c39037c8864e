package dev.recaudo.persistence.checkout;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.optionalInstant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The one owner of {@code checkouts}: its statements and its row mapping, in SQL. A checkout is
 * inserted and changed under its document's lock, one row at a time, on every invoice write and
 * payment (the hot paths, docs/decisions.md "One owner per table"); nothing keeps a copy of one.
 */
@ApplicationScoped
@StoreFailures
public class PgCheckoutRepository implements CheckoutRepository {

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(Checkout checkout) {
        nativeSql.defer("INSERT INTO checkouts (id, company_id, is_test, document_id, source, currency, amount_minor, title,"
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
        int updated = nativeSql.update("UPDATE checkouts SET title = ?, description = ?, phone = ?, due_at = ?, status = ?,"
                        + " provider_payment_id = ?, paid_at = ?, updated_at = ? WHERE company_id = ? AND is_test = ? AND id = ?",
                checkout.title(), checkout.description(), checkout.phone().orElse(null), checkout.dueAt().orElse(null),
                checkout.status().wireName(), checkout.providerPaymentId().orElse(null), checkout.paidAt().orElse(null),
                checkout.updatedAt(), checkout.scope().companyId().value(), checkout.scope().isTest(), checkout.id());
        if (updated != 1) {
            throw new IllegalStateException("checkout " + checkout.id() + " vanished under its document's lock");
        }
    }

    /**
     * What a paid document's checkout and hosted external payment become, in one statement: the
     * pending hosted payment canceled as {@code ExternalPayment.canceled} leaves it (no ledger payment),
     * the newest checkout approved as {@link Checkout#approved} leaves it, unless approved already, and
     * that checkout returned as it is then. Both rows change under the document's lock, which the
     * caller holds, so the newest checkout read here is the one updated.
     */
    @Override
    public Optional<Checkout> approveForPaidDocument(TenantScope scope, DocumentId documentId, Optional<String> paymentReference,
            Instant now) {
        return nativeSql.queryOne("WITH hosted AS (UPDATE external_payments SET status = ?, payment_id = NULL, updated_at = ?"
                        + " WHERE company_id = ? AND is_test = ? AND invoice_id = ? AND status = ? AND mode = ?),"
                        + " newest AS (SELECT * FROM checkouts WHERE company_id = ? AND is_test = ? AND document_id = ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1),"
                        + " approved AS (UPDATE checkouts c SET status = ?, provider_payment_id = ?, paid_at = ?, updated_at = ?"
                        + " FROM newest WHERE c.id = newest.id AND newest.status <> ? RETURNING c.*)"
                        + " SELECT * FROM approved UNION ALL SELECT * FROM newest WHERE status = ?",
                PgCheckoutRepository::checkout,
                ExternalPaymentStatus.CANCELED.wireName(), now, scope.companyId().value(), scope.isTest(), documentId.value(),
                ExternalPaymentStatus.PENDING.wireName(), ExternalPaymentMode.HOSTED.wireName(),
                scope.companyId().value(), scope.isTest(), documentId.value(),
                CheckoutStatus.APPROVED.wireName(), paymentReference.orElse(null), now, now,
                CheckoutStatus.APPROVED.wireName(), CheckoutStatus.APPROVED.wireName());
    }

    /** The newest checkout, canceled only if it is the pending one, as {@link Checkout#canceled} leaves it. */
    @Override
    public void cancelPending(TenantScope scope, DocumentId documentId, Instant now) {
        nativeSql.defer("UPDATE checkouts SET status = ?, updated_at = ? WHERE id = (SELECT id FROM checkouts"
                        + " WHERE company_id = ? AND is_test = ? AND document_id = ? ORDER BY created_at DESC, id DESC LIMIT 1)"
                        + " AND status = ?",
                CheckoutStatus.CANCELED.wireName(), now, scope.companyId().value(), scope.isTest(), documentId.value(),
                CheckoutStatus.PENDING.wireName());
    }

    /** A document's checkout, read on every invoice write and on every document a payment settles. */
    @Override
    public Optional<Checkout> current(TenantScope scope, DocumentId documentId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE company_id = ? AND is_test = ? AND document_id = ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1", PgCheckoutRepository::checkout,
                scope.companyId().value(), scope.isTest(), documentId.value());
    }

    @Override
    public Optional<Checkout> find(TenantScope scope, UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE company_id = ? AND is_test = ? AND id = ?",
                PgCheckoutRepository::checkout, scope.companyId().value(), scope.isTest(), checkoutId);
    }

    /** The payer's page names a checkout by its id alone: the id is the payer's capability. */
    @Override
    public Optional<Checkout> findForPayer(UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM checkouts WHERE id = ?", PgCheckoutRepository::checkout, checkoutId);
    }

    private static Checkout checkout(ResultSet row) throws SQLException {
        return new Checkout(uuid(row, "id"), Rows.scope(row), new DocumentId(uuid(row, "document_id")),
                row.getString("source"), Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                row.getString("title"), row.getString("description"), Optional.ofNullable(row.getString("phone")),
                optionalInstant(row, "due_at"), CheckoutStatus.fromWireName(row.getString("status")),
                Optional.ofNullable(row.getString("provider_payment_id")), optionalInstant(row, "paid_at"),
                instant(row, "created_at"), instant(row, "updated_at"));
    }
}
