package dev.recaudo.persistence.checkout;

import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutStatus;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.annotations.Immutable;

/** A row of {@code checkouts}, the payable route of one document, as it is read; writes are native. */
@Entity
@Immutable
@Table(name = "checkouts")
public class CheckoutEntity extends TenantRow {

    public UUID documentId;

    public String source;

    public String currency;

    public long amountMinor;

    public String title;

    public String description;

    public String phone;

    public Instant dueAt;

    public String status;

    public String providerPaymentId;

    public Instant paidAt;

    Checkout toDomain() {
        return new Checkout(id, scope(),
                new DocumentId(documentId), source, Money.of(amountMinor, CurrencyCode.valueOf(currency)), title,
                description, Optional.ofNullable(phone), Optional.ofNullable(dueAt), CheckoutStatus.fromWireName(status),
                Optional.ofNullable(providerPaymentId), Optional.ofNullable(paidAt), createdAt, updatedAt);
    }
}
