package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: a company's receiving accounts. Every method is confined to the company it is given. */
public interface ReceivingAccounts {

    void insert(ReceivingAccount account);

    /** The company's accounts, active and deactivated, oldest first. */
    List<ReceivingAccount> list(CompanyId companyId);

    Optional<ReceivingAccount> find(CompanyId companyId, UUID accountId);

    /** The company's active accounts in {@code currency}, oldest first: what the hosted page shows. */
    List<ReceivingAccount> active(CompanyId companyId, CurrencyCode currency);

    int countActive(CompanyId companyId);

    /** False when the company has no such active account. */
    boolean deactivate(CompanyId companyId, UUID accountId);

    /** The account's CSV mapping, when one was set. */
    Optional<CsvMapping> csvMapping(CompanyId companyId, UUID accountId);

    /** Sets (or replaces) the account's CSV mapping; false when the company has no such account. */
    boolean saveCsvMapping(CompanyId companyId, UUID accountId, CsvMapping mapping, java.time.Instant now);
}
