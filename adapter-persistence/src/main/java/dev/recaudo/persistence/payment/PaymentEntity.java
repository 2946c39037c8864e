package dev.recaudo.persistence.payment;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.persistence.common.TenantRow;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.hibernate.annotations.Immutable;

/** A row of {@code payments} as it is read; writes are native, and {@code change_xid} is the trigger's. */
@Entity
@Immutable
@Table(name = "payments")
public class PaymentEntity extends TenantRow {

    public String source;

    public String externalPaymentId;

    public String kind;

    public UUID customerId;

    public String customerExternalId;

    public String currency;

    public long amountMinor;

    public String applicationCurrency;

    public Long applicationAmountMinor;

    public long appliedMinor;

    public long creditMinor;

    public String outcome;

    public UUID exchangeRateId;

    public String exchangeRateUsed;

    public String requestId;

    public String providerPaymentId;

    public Instant paidAt;

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
