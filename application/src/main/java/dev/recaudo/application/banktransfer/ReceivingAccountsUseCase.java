package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Inbound port of company administrators: the accounts their payers transfer into. */
public interface ReceivingAccountsUseCase {

    RegisterResult register(CompanyId companyId, NewAccount account);

    List<ReceivingAccount> list(CompanyId companyId);

    /** False when the company has no such active account. */
    boolean deactivate(CompanyId companyId, UUID accountId);

    /** Sets the account's CSV mapping (active or not); false when the company has no such account. */
    boolean setCsvMapping(CompanyId companyId, UUID accountId, CsvMapping mapping);

    /** The mapping the account's CSV imports use: its own, else {@link CsvMapping#DEFAULT}; empty when no such account. */
    Optional<CsvMapping> csvMapping(CompanyId companyId, UUID accountId);

    /** A checked registration: exactly one of account number and phone. */
    record NewAccount(String bank, Optional<String> accountNumber, Optional<String> phone, String holder,
            CurrencyCode currency) {}

    sealed interface RegisterResult {
        record Registered(ReceivingAccount account) implements RegisterResult {}

        record LimitReached(int activeMax) implements RegisterResult {}
    }
}
