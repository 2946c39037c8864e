package dev.recaudo.persistence.payment;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code payments} as it is read; writes are native, and {@code change_xid} is the trigger's. */
@Entity
@Table(name = "payments")
public class PaymentEntity extends TenantRow {

    @Column(updatable = false)
    public String source;

    @Column(name = "external_payment_id", updatable = false)
    public String externalPaymentId;

    @Column(updatable = false)
    public String kind;

    @Column(name = "customer_id")
    public UUID customerId;

    @Column(name = "customer_external_id")
    public String customerExternalId;

    public String currency;

    @Column(name = "amount_minor")
    public long amountMinor;

    @Column(name = "application_currency")
    public String applicationCurrency;

    @Column(name = "application_amount_minor")
    public Long applicationAmountMinor;

    @Column(name = "applied_minor")
    public long appliedMinor;

    @Column(name = "credit_minor")
    public long creditMinor;

    public String outcome;

    @Column(name = "exchange_rate_id")
    public UUID exchangeRateId;

    @Column(name = "exchange_rate_used")
    public String exchangeRateUsed;

    @Column(name = "request_id")
    public String requestId;

    @Column(name = "provider_payment_id", updatable = false)
    public String providerPaymentId;

    @Column(name = "paid_at")
    public Instant paidAt;

    @Column(name = "created_at", updatable = false)
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    Payment toDomain() {
        CurrencyCode application = CurrencyCode.valueOf(applicationCurrency);
        return new Payment(
                id,
                scope(),
                source,
                externalPaymentId,
                PaymentKind.valueOf(kind),
                Optional.ofNullable(customerId),
                Optional.ofNullable(customerExternalId),
                Money.of(amountMinor, CurrencyCode.valueOf(currency)),
                Optional.ofNullable(applicationAmountMinor).map(amount -> Money.of(amount, application)),
                Money.of(appliedMinor, application),
                Money.of(creditMinor, application),
                PaymentOutcome.fromWireName(outcome),
                Optional.ofNullable(exchangeRateId),
                Optional.ofNullable(exchangeRateUsed),
                Optional.ofNullable(requestId),
                Optional.ofNullable(providerPaymentId),
                paidAt,
                createdAt,
                updatedAt);
    }
}
