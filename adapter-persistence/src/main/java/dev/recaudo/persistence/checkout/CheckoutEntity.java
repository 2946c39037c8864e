package dev.recaudo.persistence.checkout;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code checkouts}: the payable route of one document. */
@Entity
@Table(name = "checkouts")
public class CheckoutEntity extends TenantRow {

    @Id
    public UUID id;

    @Column(name = "document_id")
    public UUID documentId;

    public String source;

    public String currency;

    @Column(name = "amount_minor")
    public long amountMinor;

    public String title;

    public String description;

    public String phone;

    @Column(name = "due_at")
    public Instant dueAt;

    public String status;

    @Column(name = "provider_payment_id")
    public String providerPaymentId;

    @Column(name = "paid_at")
    public Instant paidAt;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    static CheckoutEntity of(Checkout checkout) {
        CheckoutEntity entity = new CheckoutEntity();
        entity.id = checkout.id();
        entity.placeIn(checkout.scope());
        entity.documentId = checkout.documentId().value();
        entity.source = checkout.source();
        entity.currency = checkout.amount().currency().name();
        entity.amountMinor = checkout.amount().amountMinor();
        entity.title = checkout.title();
        entity.description = checkout.description();
        entity.phone = checkout.phone().orElse(null);
        entity.dueAt = checkout.dueAt().orElse(null);
        entity.status = checkout.status().wireName();
        entity.providerPaymentId = checkout.providerPaymentId().orElse(null);
        entity.paidAt = checkout.paidAt().orElse(null);
        entity.createdAt = checkout.createdAt();
        entity.updatedAt = checkout.updatedAt();
        return entity;
    }

    Checkout toDomain() {
        return new Checkout(id, scope(),
                new DocumentId(documentId), source, Money.of(amountMinor, CurrencyCode.valueOf(currency)), title,
                description, Optional.ofNullable(phone), Optional.ofNullable(dueAt), CheckoutStatus.fromWireName(status),
                Optional.ofNullable(providerPaymentId), Optional.ofNullable(paidAt), createdAt, updatedAt);
    }
}
