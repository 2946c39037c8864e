package dev.recaudo.persistence.refund;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.refund.Refund;
import dev.recaudo.domain.refund.RefundKind;
import dev.recaudo.domain.refund.RefundRepository;
import dev.recaudo.domain.refund.RefundSources;
import dev.recaudo.domain.refund.RefundStatus;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.NativeSql.TextArray;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The {@code refunds} table: its columns, statements and row mapper in one place. */
@ApplicationScoped
@StoreFailures
public class PgRefundRepository implements RefundRepository {

    private static final String OF_SCOPE = "SELECT * FROM refunds WHERE company_id = ? AND is_test = ?";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(Refund refund) {
        RefundSources sources = refund.sources();
        nativeSql.update("INSERT INTO refunds (id, company_id, is_test, partner, external_payment_id, payment_id, document_id,"
                        + " customer_id, kind, status, currency, from_unapplied_minor, from_credit_minor, from_document_minor,"
                        + " amount_minor, reason, processor_reference, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                refund.id(), refund.scope().companyId().value(), refund.scope().isTest(), refund.partner().orElse(null),
                refund.externalPaymentId().orElse(null), refund.paymentId(), refund.documentId().map(DocumentId::value).orElse(null),
                refund.customerId().orElse(null), refund.kind().wireName(), refund.status().wireName(),
                refund.amount().currency().name(), sources.unapplied().amountMinor(), sources.credit().amountMinor(),
                sources.document().amountMinor(), refund.amount().amountMinor(), refund.reason().orElse(null),
                refund.processorReference().orElse(null), refund.createdAt(), refund.updatedAt());
    }

    @Override
    public void update(Refund refund) {
        nativeSql.update("UPDATE refunds SET status = ?, processor_reference = ?, updated_at = ?"
                        + " WHERE id = ? AND company_id = ? AND is_test = ?",
                refund.status().wireName(), refund.processorReference().orElse(null), refund.updatedAt(), refund.id(),
                refund.scope().companyId().value(), refund.scope().isTest());
    }

    @Override
    public Optional<Refund> lock(TenantScope scope, UUID id) {
        return nativeSql.queryOne(OF_SCOPE + " AND id = ? FOR UPDATE", PgRefundRepository::refund, scope.companyId().value(),
                scope.isTest(), id);
    }

    @Override
    public Optional<Refund> find(TenantScope scope, UUID id) {
        return nativeSql.queryOne(OF_SCOPE + " AND id = ?", PgRefundRepository::refund, scope.companyId().value(),
                scope.isTest(), id);
    }

    @Override
    public List<Refund> ofExternalPayment(TenantScope scope, UUID externalPaymentId) {
        return nativeSql.query(OF_SCOPE + " AND external_payment_id = ? ORDER BY created_at, id", PgRefundRepository::refund,
                scope.companyId().value(), scope.isTest(), externalPaymentId);
    }

    @Override
    public List<Refund> ofPayment(TenantScope scope, UUID paymentId) {
        return nativeSql.query(OF_SCOPE + " AND payment_id = ? ORDER BY created_at, id", PgRefundRepository::refund,
                scope.companyId().value(), scope.isTest(), paymentId);
    }

    @Override
    public List<Refund> pendingBefore(KeyEnvironment environment, Instant before, int limit) {
        return nativeSql.query("SELECT * FROM refunds WHERE status = 'pending' AND is_test = ? AND updated_at < ?"
                        + " ORDER BY updated_at, id LIMIT ?",
                PgRefundRepository::refund, environment == KeyEnvironment.TEST, before, limit);
    }

    @Override
    public Map<UUID, List<Refund>> ofExternalPayments(TenantScope scope, Collection<UUID> externalPaymentIds) {
        Map<UUID, List<Refund>> found = new HashMap<>();
        if (externalPaymentIds.isEmpty()) {
            return found;
        }
        nativeSql.query(OF_SCOPE + " AND external_payment_id = ANY (?::uuid[]) ORDER BY created_at, id",
                row -> found.computeIfAbsent(uuid(row, "external_payment_id"), id -> new ArrayList<>()).add(refund(row)),
                scope.companyId().value(), scope.isTest(),
                new TextArray(externalPaymentIds.stream().map(UUID::toString).toList()));
        found.replaceAll((id, list) -> List.copyOf(list));
        return found;
    }

    private static Refund refund(ResultSet row) throws SQLException {
        CurrencyCode currency = CurrencyCode.valueOf(row.getString("currency"));
        RefundSources sources = new RefundSources(Money.of(row.getLong("from_unapplied_minor"), currency),
                Money.of(row.getLong("from_credit_minor"), currency), Money.of(row.getLong("from_document_minor"), currency));
        return new Refund(
                uuid(row, "id"),
                Rows.scope(row),
                Optional.ofNullable(row.getString("partner")),
                Optional.ofNullable(uuid(row, "external_payment_id")),
                uuid(row, "payment_id"),
                Optional.ofNullable(uuid(row, "document_id")).map(DocumentId::new),
                Optional.ofNullable(uuid(row, "customer_id")),
                RefundKind.fromWireName(row.getString("kind")),
                RefundStatus.fromWireName(row.getString("status")),
                sources,
                Optional.ofNullable(row.getString("reason")),
                Optional.ofNullable(row.getString("processor_reference")),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }
}
