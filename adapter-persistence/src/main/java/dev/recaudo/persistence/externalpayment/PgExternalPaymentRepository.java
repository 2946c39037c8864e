package dev.recaudo.persistence.externalpayment;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ChargeTrail;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
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
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
@StoreFailures
public class PgExternalPaymentRepository implements ExternalPaymentRepository {

    private static final String OF_PARTNER = "SELECT * FROM external_payments WHERE company_id = ? AND is_test = ?"
            + " AND partner = ? AND id = ?";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(ExternalPayment payment) {
        nativeSql.update("INSERT INTO external_payments (id, company_id, is_test, partner, api_key_id, mode, status, amount_minor,"
                        + " currency, callback_url, external_reference, invoice_id, payment_id, description, redirect_url,"
                        + " checkout_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                payment.id(), payment.scope().companyId().value(), payment.scope().isTest(), payment.partner(),
                payment.apiKeyId(), payment.mode().wireName(), payment.status().wireName(), payment.amount().amountMinor(),
                payment.amount().currency().name(), payment.callbackUrl().orElse(null),
                payment.externalReference().orElse(null), payment.invoiceId().map(DocumentId::value).orElse(null),
                payment.paymentId().orElse(null), payment.description().orElse(null), payment.redirectUrl().orElse(null),
                payment.checkoutId().orElse(null), payment.createdAt(), payment.updatedAt());
    }

    /** Only the state moves: what the partner asked for is fixed at creation. */
    @Override
    public void update(ExternalPayment payment) {
        nativeSql.update("UPDATE external_payments SET status = ?, payment_id = ?, updated_at = ?"
                        + " WHERE id = ? AND company_id = ? AND is_test = ?",
                payment.status().wireName(), payment.paymentId().orElse(null), payment.updatedAt(), payment.id(),
                payment.scope().companyId().value(), payment.scope().isTest());
    }

    @Override
    public Optional<ExternalPayment> find(TenantScope scope, String partner, UUID id) {
        return nativeSql.queryOne(OF_PARTNER, PgExternalPaymentRepository::payment, scope.companyId().value(), scope.isTest(),
                partner, id);
    }

    @Override
    public Optional<ExternalPayment> lock(TenantScope scope, String partner, UUID id) {
        return nativeSql.queryOne(OF_PARTNER + " FOR UPDATE", PgExternalPaymentRepository::payment, scope.companyId().value(),
                scope.isTest(), partner, id);
    }

    @Override
    public Optional<ExternalPayment> lockByCheckout(UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM external_payments WHERE checkout_id = ? FOR UPDATE",
                PgExternalPaymentRepository::payment, checkoutId);
    }

    @Override
    public Optional<ExternalPayment> findByCheckout(UUID checkoutId) {
        return nativeSql.queryOne("SELECT * FROM external_payments WHERE checkout_id = ?", PgExternalPaymentRepository::payment,
                checkoutId);
    }

    @Override
    public Optional<ExternalPayment> pendingHostedFor(TenantScope scope, DocumentId documentId) {
        return nativeSql.queryOne("SELECT * FROM external_payments WHERE company_id = ? AND is_test = ? AND invoice_id = ?"
                        + " AND status = 'pending' AND mode = 'hosted' FOR UPDATE",
                PgExternalPaymentRepository::payment, scope.companyId().value(), scope.isTest(), documentId.value());
    }

    @Override
    public boolean anyPendingFor(TenantScope scope, DocumentId documentId) {
        return nativeSql.queryOne("SELECT 1 FROM external_payments WHERE company_id = ? AND is_test = ? AND invoice_id = ?"
                        + " AND status = 'pending' LIMIT 1",
                row -> true, scope.companyId().value(), scope.isTest(), documentId.value()).isPresent();
    }

    @Override
    public List<ExternalPayment> directPendingBefore(KeyEnvironment environment, Instant before, int limit) {
        return nativeSql.query("SELECT * FROM external_payments WHERE is_test = ? AND status = 'pending' AND mode = 'direct'"
                        + " AND coalesce(charge_asked_at, created_at) <= ? ORDER BY coalesce(charge_asked_at, created_at), id"
                        + " LIMIT ?",
                PgExternalPaymentRepository::payment, environment == KeyEnvironment.TEST, before, limit);
    }

    @Override
    public void chargeAsked(TenantScope scope, UUID id, Instant now) {
        nativeSql.update("UPDATE external_payments SET charge_asked_at = ? WHERE id = ? AND company_id = ? AND is_test = ?",
                now, id, scope.companyId().value(), scope.isTest());
    }

    @Override
    public void keepPaymentMethod(TenantScope scope, UUID id, String paymentMethod) {
        nativeSql.update("UPDATE external_payments SET payment_method = ? WHERE id = ? AND company_id = ? AND is_test = ?",
                paymentMethod, id, scope.companyId().value(), scope.isTest());
    }

    @Override
    public void chargeAnswered(TenantScope scope, UUID id, Optional<String> reference, Optional<String> nextActionUrl) {
        nativeSql.update("UPDATE external_payments SET processor_reference = coalesce(?, processor_reference),"
                        + " next_action_url = ? WHERE id = ? AND company_id = ? AND is_test = ?",
                reference.orElse(null), nextActionUrl.orElse(null), id, scope.companyId().value(), scope.isTest());
    }

    @Override
    public Optional<ChargeTrail> chargeTrail(TenantScope scope, UUID id) {
        return nativeSql.queryOne("SELECT payment_method, processor_reference, next_action_url FROM external_payments"
                        + " WHERE id = ? AND company_id = ? AND is_test = ?",
                row -> new ChargeTrail(Optional.ofNullable(row.getString(1)), Optional.ofNullable(row.getString(2)),
                        Optional.ofNullable(row.getString(3))), id, scope.companyId().value(), scope.isTest());
    }

    @Override
    public Optional<ExternalPayment> findOfCompany(TenantScope scope, UUID id) {
        return nativeSql.queryOne("SELECT * FROM external_payments WHERE id = ? AND company_id = ? AND is_test = ?",
                PgExternalPaymentRepository::payment, id, scope.companyId().value(), scope.isTest());
    }

    @Override
    public Optional<ExternalPayment> findByChargeReference(TenantScope scope, String reference) {
        return nativeSql.queryOne("SELECT * FROM external_payments WHERE company_id = ? AND processor_reference = ?"
                        + " AND is_test = ?",
                PgExternalPaymentRepository::payment, scope.companyId().value(), reference, scope.isTest());
    }

    @Override
    public Page<ExternalPayment> page(TenantScope scope, String partner, int page, int size) {
        Object[] tenant = {scope.companyId().value(), scope.isTest(), partner};
        long total = nativeSql.queryOne("SELECT count(*) FROM external_payments WHERE company_id = ? AND is_test = ? AND partner = ?",
                        row -> row.getLong(1), tenant)
                .orElse(0L);
        List<ExternalPayment> items = nativeSql.query(
                "SELECT * FROM external_payments WHERE company_id = ? AND is_test = ? AND partner = ?"
                        + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
                PgExternalPaymentRepository::payment, scope.companyId().value(), scope.isTest(), partner, size,
                (long) (page - 1) * size);
        return new Page<>(items, total, page, size);
    }

    private static ExternalPayment payment(ResultSet row) throws SQLException {
        return new ExternalPayment(
                uuid(row, "id"),
                Rows.scope(row),
                row.getString("partner"),
                uuid(row, "api_key_id"),
                ExternalPaymentMode.fromWireName(row.getString("mode")),
                ExternalPaymentStatus.fromWireName(row.getString("status")),
                Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))),
                Optional.ofNullable(uuid(row, "invoice_id")).map(DocumentId::new),
                Optional.ofNullable(row.getString("external_reference")),
                Optional.ofNullable(row.getString("callback_url")),
                Optional.ofNullable(row.getString("description")),
                Optional.ofNullable(row.getString("redirect_url")),
                Optional.ofNullable(uuid(row, "checkout_id")),
                Optional.ofNullable(uuid(row, "payment_id")),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}
