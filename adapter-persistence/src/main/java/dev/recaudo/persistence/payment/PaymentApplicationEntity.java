package dev.recaudo.persistence.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.payment.PaymentApplication;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A row of {@code payment_applications}: what one payment applied to one document; written once. */
@Entity
@Table(name = "payment_applications")
public class PaymentApplicationEntity extends TenantRow {

    @Id
    public UUID id;

    @Column(name = "payment_id")
    public UUID paymentId;

    @Column(name = "document_id")
    public UUID documentId;

    public String currency;

    @Column(name = "amount_minor")
    public long amountMinor;

    @Column(name = "transfer_id")
    public UUID transferId;

    public int position;

    @Column(name = "applied_at")
    public Instant appliedAt;

    static PaymentApplicationEntity of(TenantScope scope, PaymentApplication application) {
        PaymentApplicationEntity entity = new PaymentApplicationEntity();
        entity.id = application.id();
        entity.paymentId = application.paymentId();
        entity.documentId = application.documentId().value();
        entity.placeIn(scope);
        entity.currency = application.amount().currency().name();
        entity.amountMinor = application.amount().amountMinor();
        entity.transferId = application.transferId();
        entity.position = application.position();
        entity.appliedAt = application.appliedAt();
        return entity;
    }
}
