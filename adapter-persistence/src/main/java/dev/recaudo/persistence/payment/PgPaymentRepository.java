package dev.recaudo.persistence.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class PgPaymentRepository implements PaymentRepository {

    private final Jdbc jdbc;

    public PgPaymentRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void insert(Payment payment) {
        jdbc.update("INSERT INTO payments (id, company_id, is_test, source, external_payment_id, kind, customer_id, currency,"
                        + " amount_minor, applied_minor, credit_minor, outcome, paid_at, created_at, updated_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                payment.id(), payment.scope().companyId().value(), payment.scope().isTest(), payment.source(),
                payment.externalPaymentId(), payment.kind().name(), payment.customerId().orElse(null),
                payment.amount().currency().name(), payment.amount().amountMinor(), payment.applied().amountMinor(),
                payment.credit().amountMinor(), payment.outcome(), payment.paidAt(), payment.createdAt(), payment.createdAt());
    }

    @Override
    public void insertApplication(TenantScope scope, PaymentApplication application) {
        jdbc.update("INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency,"
                        + " amount_minor, transfer_id, applied_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                application.id(), application.paymentId(), application.documentId().value(), scope.companyId().value(),
                scope.isTest(), application.amount().currency().name(), application.amount().amountMinor(),
                application.transferId(), application.appliedAt());
    }

    @Override
    public Optional<UUID> latestPaymentFor(TenantScope scope, DocumentId documentId) {
        return jdbc.queryOne("SELECT payment_id FROM payment_applications WHERE company_id = ? AND is_test = ?"
                        + " AND document_id = ? ORDER BY applied_at DESC, id DESC LIMIT 1",
                row -> Jdbc.uuid(row, "payment_id"), scope.companyId().value(), scope.isTest(), documentId.value());
    }
}
