package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import java.util.UUID;

/**
 * What a payer reported on the hosted page about a transfer their bank could not label with the
 * checkout's reference (Pago Móvil and similar): a CLAIM to be matched against the company's bank
 * statement, never a payment by itself. {@code status} is {@code OPEN} until a statement line
 * confirms it ({@code MATCHED}).
 *
 * @param phone the payer's phone, digits only
 * @param bankReference the reference the payer's bank gave the transfer, letters and digits only, upper case
 */
public record PayerReport(
        UUID id,
        CompanyId companyId,
        UUID checkoutId,
        String bank,
        String phone,
        String bankReference,
        LocalDate paidOn,
        Money amount,
        String status,
        Instant createdAt) {

    public static final String OPEN = "OPEN";
    public static final String MATCHED = "MATCHED";

    public PayerReport {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(checkoutId, "checkoutId");
        Objects.requireNonNull(bank, "bank");
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(bankReference, "bankReference");
        Objects.requireNonNull(paidOn, "paidOn");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
