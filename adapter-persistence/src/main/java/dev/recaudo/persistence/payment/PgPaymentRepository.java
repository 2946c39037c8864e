package dev.recaudo.persistence.payment;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.persistence.common.AdvisoryLocks;
import dev.recaudo.persistence.common.ChangeOrder;
import dev.recaudo.persistence.common.DynamicSql;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import dev.recaudo.persistence.customer.CustomerRows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
@StoreFailures
public class PgPaymentRepository implements PaymentRepository {

    /**
     * {@link Payment#shownByIntegrations} in SQL: an external payment made for an invoice
     * has that invoice's customer, and its {@code source} is the invoice's partner. One without an
     * invoice has as {@code source} the creating key's partner scope ({@code source:erp}), which a
     * key without a source could otherwise list or name (docs/decisions.md).
     */
    private static final String SHOWN_BY_INTEGRATIONS_SQL = "(kind <> 'EXTERNAL' OR customer_id IS NOT NULL)";

    /** The prefix of the customer link's columns beside a payment's. */
    private static final String LINK = "link_";

    @Inject
    NativeSql nativeSql;

    @Override
    public void insert(Payment payment) {
        nativeSql.defer("INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id,"
                        + " customer_external_id, currency, amount_minor, application_currency, application_amount_minor,"
                        + " applied_minor, credit_minor, outcome, exchange_rate_id, exchange_rate_used, request_id,"
                        + " provider_payment_id, paid_at, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                payment.id(), payment.scope().companyId().value(), payment.scope().isTest(), payment.source(),
                payment.externalPaymentId(), payment.kind().name(), payment.customerId().orElse(null),
                payment.customerExternalId().orElse(null), payment.amount().currency().name(), payment.amount().amountMinor(),
                payment.applied().currency().name(), payment.applicationAmount().map(Money::amountMinor).orElse(null),
                payment.applied().amountMinor(), payment.credit().amountMinor(), payment.outcome().wireName(),
                payment.exchangeRateId().orElse(null), payment.exchangeRateUsed().orElse(null),
                payment.requestId().orElse(null), payment.providerPaymentId().orElse(null), payment.paidAt(), payment.createdAt(),
                payment.updatedAt());
    }

    @Override
    public void update(Payment payment) {
        nativeSql.update("UPDATE payments SET customer_id = ?, customer_external_id = ?, currency = ?, amount_minor = ?,"
                        + " application_currency = ?, application_amount_minor = ?,"
                        + " applied_minor = ?, credit_minor = ?, outcome = ?, exchange_rate_id = ?, exchange_rate_used = ?,"
                        + " request_id = ?, paid_at = ?, updated_at = ? WHERE company_id = ? AND is_test = ? AND id = ?",
                payment.customerId().orElse(null), payment.customerExternalId().orElse(null),
                payment.amount().currency().name(), payment.amount().amountMinor(), payment.applied().currency().name(),
                payment.applicationAmount().map(Money::amountMinor).orElse(null), payment.applied().amountMinor(),
                payment.credit().amountMinor(), payment.outcome().wireName(), payment.exchangeRateId().orElse(null),
                payment.exchangeRateUsed().orElse(null), payment.requestId().orElse(null), payment.paidAt(), payment.updatedAt(),
                payment.scope().companyId().value(), payment.scope().isTest(), payment.id());
    }

    /**
     * The first statement of every verified payment and certified rate: the payment's identity lock,
     * the payment and the customer's link in one round trip. The function {@code verified_payment_locked}
     * (V0080) takes the lock and then reads the payment with a snapshot of its own, taken once the lock
     * is held; a lock taken in this statement itself would leave the read on the statement's snapshot,
     * from before the wait. The link is read beside it: the payment's lock does not guard links, and a
     * link never moves to another customer once made.
     */
    @Override
    public LockedVerified lockVerified(TenantScope scope, String source, String externalPaymentId,
            Optional<String> customerExternalId) {
        return nativeSql.queryOne("SELECT p.*, " + CustomerRows.linkColumns(LINK) + " FROM (VALUES (1)) AS one"
                        + " LEFT JOIN verified_payment_locked(?::text, ?::uuid, ?::boolean, ?::text, ?::text) p ON true"
                        + " LEFT JOIN (customer_links l JOIN customers c ON c.id = l.customer_id)"
                        + " ON l.company_id = ? AND l.is_test = ? AND l.source = ? AND l.external_customer_id = ?",
                row -> new LockedVerified(row.getObject("id") == null ? Optional.empty() : Optional.of(PaymentRows.payment(row)),
                        CustomerRows.link(scope, row, LINK)),
                AdvisoryLocks.name("payment", scope, source, externalPaymentId), scope.companyId().value(), scope.isTest(),
                source, externalPaymentId, scope.companyId().value(), scope.isTest(), source,
                customerExternalId.orElse(null)).orElseThrow();
    }

    @Override
    public Optional<Payment> find(TenantScope scope, String source, String externalPaymentId) {
        return nativeSql.queryOne("SELECT * FROM payments WHERE company_id = ? AND is_test = ? AND source = ?"
                        + " AND external_payment_id = ? AND " + SHOWN_BY_INTEGRATIONS_SQL,
                PaymentRows::payment, scope.companyId().value(), scope.isTest(), source, externalPaymentId);
    }

    @Override
    public List<Payment> findByIds(TenantScope scope, Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return nativeSql.query("SELECT * FROM payments WHERE company_id = ? AND is_test = ? AND id = ANY (?::uuid[])",
                PaymentRows::payment, scope.companyId().value(), scope.isTest(),
                new NativeSql.TextArray(ids.stream().map(UUID::toString).toList()));
    }

    @Override
    public Optional<Payment> findById(TenantScope scope, UUID id) {
        return nativeSql.queryOne("SELECT * FROM payments WHERE company_id = ? AND is_test = ? AND id = ?",
                PaymentRows::payment, scope.companyId().value(), scope.isTest(), id);
    }

    @Override
    public Optional<Payment> findRecaudoNamed(TenantScope scope, String externalPaymentId) {
        return nativeSql.queryOne("SELECT * FROM payments WHERE company_id = ? AND is_test = ? AND external_payment_id = ?"
                + " AND kind <> 'VERIFIED' ORDER BY created_at, id LIMIT 1",
                PaymentRows::payment, scope.companyId().value(), scope.isTest(), externalPaymentId);
    }

    @Override
    public Optional<Payment> findByProviderReference(TenantScope scope, String reference) {
        return nativeSql.queryOne("SELECT * FROM payments WHERE company_id = ? AND is_test = ? AND provider_payment_id = ?"
                + " ORDER BY created_at, id LIMIT 1",
                PaymentRows::payment, scope.companyId().value(), scope.isTest(), reference);
    }

    @Override
    public void insertApplication(TenantScope scope, PaymentApplication application) {
        insertApplications(scope, List.of(application));
    }

    /** One multi-row insert: a payment of several documents writes its applications in one round trip. */
    @Override
    public void insertApplications(TenantScope scope, List<PaymentApplication> applications) {
        if (applications.isEmpty()) {
            return;
        }
        List<Object> values = new ArrayList<>();
        for (PaymentApplication application : applications) {
            values.addAll(Arrays.asList(application.id(), application.paymentId(), application.documentId().value(),
                    scope.companyId().value(), scope.isTest(), application.amount().currency().name(),
                    application.amount().amountMinor(), application.transferId(), application.position(),
                    application.appliedAt(), application.refundId().orElse(null)));
        }
        nativeSql.defer("INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency,"
                        + " amount_minor, transfer_id, position, applied_at, refund_id) VALUES "
                        + String.join(", ", Collections.nCopies(applications.size(), "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")),
                values.toArray());
    }

    @Override
    public Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId) {
        return nativeSql.queryOne("SELECT payment_id FROM payment_applications WHERE company_id = ? AND is_test = ?"
                        + " AND document_id = ? ORDER BY applied_at DESC, id DESC LIMIT 1",
                row -> uuid(row, "payment_id"), scope.companyId().value(), scope.isTest(), documentId.value());
    }

    /** The payments applied to the documents {@code documentIds} selects (a subquery of their tenant), in the order applied. */
    public static DynamicSql applicationsOf(DynamicSql documentIds) {
        return new DynamicSql("SELECT a.payment_id, a.amount_minor, a.currency, a.applied_at, p.source,"
                + " p.external_payment_id, p.kind, p.outcome FROM payment_applications a JOIN payments p ON p.id = a.payment_id"
                + " WHERE a.document_id IN (").append(documentIds).append(") ORDER BY a.applied_at, a.id");
    }

    /** A payment applied to a document. */
    public static AppliedPayment applied(ResultSet row) throws SQLException {
        return new AppliedPayment(uuid(row, "payment_id"), money(row, "amount_minor", "currency"), row.getString("source"),
                row.getString("external_payment_id"), PaymentKind.valueOf(row.getString("kind")),
                PaymentOutcome.fromWireName(row.getString("outcome")), instant(row, "applied_at"));
    }

    @Override
    public List<PaidDocument> applicationsOfPayment(TenantScope scope, UUID paymentId) {
        return nativeSql.query("SELECT a.document_id, d.external_document_id, a.amount_minor, a.currency, d.balance_minor"
                        + " FROM payment_applications a JOIN collection_documents d ON d.id = a.document_id"
                        + " WHERE a.company_id = ? AND a.is_test = ? AND a.payment_id = ?"
                        // The order the applications were made in, which is the order the partner listed them.
                        + " ORDER BY a.position",
                row -> new PaidDocument(new DocumentId(uuid(row, "document_id")), row.getString("external_document_id"),
                        money(row, "amount_minor", "currency"), money(row, "balance_minor", "currency")),
                scope.companyId().value(), scope.isTest(), paymentId);
    }

    @Override
    public void insertExchangeRate(ExchangeRate rate) {
        nativeSql.update("INSERT INTO exchange_rates (id, company_id, is_test, payment_id, from_currency, to_currency, rate,"
                        + " effective_date, api_key_id, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rate.id(), rate.scope().companyId().value(), rate.scope().isTest(), rate.paymentId(), rate.from().name(),
                rate.to().name(), rate.rate(), rate.effectiveDate(), rate.apiKeyId().orElse(null),
                rate.requestId().orElse(null), rate.createdAt());
    }

    @Override
    public ChangeSlice<Payment> list(TenantScope scope, PaymentListQuery query) {
        DynamicSql sql = ChangeOrder.select("payments", "*", scope)
                .append(" AND " + SHOWN_BY_INTEGRATIONS_SQL)
                .whenAny(query.outcomes().stream().map(PaymentOutcome::wireName).toList(), " AND outcome = ANY (?)")
                .when(query.externalPaymentId(), " AND external_payment_id = ?")
                .when(query.customerId(), " AND customer_id = ?")
                .when(query.source(), " AND source = ?")
                .when(query.kind().map(Enum::name), " AND kind = ?")
                .when(query.currency().map(Enum::name), " AND currency = ?")
                .when(query.paidFrom(), " AND paid_at >= ?")
                .when(query.paidTo(), " AND paid_at <= ?")
                .when(query.updatedSince(), " AND updated_at >= ?");
        return ChangeOrder.slice(nativeSql, sql, PaymentRows::payment, query.after(), query.limit());
    }

    private static Money money(ResultSet row, String amountColumn, String currencyColumn) throws SQLException {
        return Money.of(row.getLong(amountColumn), CurrencyCode.valueOf(row.getString(currencyColumn)));
    }
}
