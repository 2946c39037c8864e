package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A bank account (or instant-payment phone) into which a company's payers transfer money: shown on
 * the hosted page and named by each imported statement. Exactly one of account number and phone.
 * A deactivated account stays, so the statements imported for it keep their account.
 */
public record ReceivingAccount(
        UUID id,
        CompanyId companyId,
        String bank,
        Optional<String> accountNumber,
        Optional<String> phone,
        String holder,
        CurrencyCode currency,
        boolean active,
        Instant createdAt) {

    public ReceivingAccount {
        Objects.requireNonNull(id);
        Objects.requireNonNull(companyId);
        Objects.requireNonNull(bank);
        Objects.requireNonNull(holder);
        Objects.requireNonNull(currency);
        Objects.requireNonNull(createdAt);
        if (accountNumber.isPresent() == phone.isPresent()) {
            throw new IllegalArgumentException("exactly one of account number and phone");
        }
    }

    /** What the payer types into the bank: the account number, or the phone for instant payments. */
    public String destination() {
        return accountNumber.orElseGet(phone::orElseThrow);
    }
}
