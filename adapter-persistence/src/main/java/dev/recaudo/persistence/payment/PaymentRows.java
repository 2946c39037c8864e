package dev.recaudo.persistence.payment;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.persistence.common.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** The one row mapping of {@code payments}, for every statement of {@link PgPaymentRepository} that reads a payment. */
final class PaymentRows {

    private PaymentRows() {}

    static Payment payment(ResultSet row) throws SQLException {
        CurrencyCode applicationCurrency = CurrencyCode.valueOf(row.getString("application_currency"));
        long applicationAmount = row.getLong("application_amount_minor");
        Optional<Money> application = row.wasNull() ? Optional.empty() : Optional.of(Money.of(applicationAmount, applicationCurrency));
        return Payment.builder()
                .id(uuid(row, "id"))
                .scope(Rows.scope(row))
                .source(row.getString("source"))
                .externalPaymentId(row.getString("external_payment_id"))
                .kind(PaymentKind.valueOf(row.getString("kind")))
                .customerId(Optional.ofNullable(uuid(row, "customer_id")))
                .customerExternalId(Optional.ofNullable(row.getString("customer_external_id")))
                .amount(Money.of(row.getLong("amount_minor"), CurrencyCode.valueOf(row.getString("currency"))))
                .applicationAmount(application)
                .applied(Money.of(row.getLong("applied_minor"), applicationCurrency))
                .credit(Money.of(row.getLong("credit_minor"), applicationCurrency))
                .outcome(PaymentOutcome.fromWireName(row.getString("outcome")))
                .exchangeRateId(Optional.ofNullable(uuid(row, "exchange_rate_id")))
                .exchangeRateUsed(Optional.ofNullable(row.getString("exchange_rate_used")))
                .requestId(Optional.ofNullable(row.getString("request_id")))
                .providerPaymentId(Optional.ofNullable(row.getString("provider_payment_id")))
                .paidAt(instant(row, "paid_at"))
                .createdAt(instant(row, "created_at"))
                .updatedAt(instant(row, "updated_at"))
                .build();
    }
}
