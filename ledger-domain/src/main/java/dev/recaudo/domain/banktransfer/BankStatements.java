package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: imported statements and their entries. Every method is confined to the company it is given. */
public interface BankStatements {

    /** The closing balance of the account's last imported statement that had one. */
    Optional<Long> lastClosingMinor(CompanyId companyId, UUID accountId);

    void open(CompanyId companyId, StatementSummary statement);

    /**
     * Keeps the entry unless its account already has one of the same identity; true when kept.
     * Concurrent imports of the same entry keep it once.
     */
    boolean insertEntry(CompanyId companyId, UUID accountId, UUID statementId, UUID entryId, StatementLine line,
            String identity, Instant now);

    /**
     * Sets what the entry led to: MATCHED (with its checkout), CREDITED (its checkout's invoice took no
     * payment: the customer's credit), PROPOSED or UNMATCHED.
     */
    void markEntry(CompanyId companyId, UUID entryId, String status, Optional<UUID> checkoutId);

    /** Adds a batch's counts to the statement. */
    void count(CompanyId companyId, UUID statementId, StatementSummary.Counts counts);

    void finish(CompanyId companyId, UUID statementId, Optional<String> failure, Instant now);

    Optional<StatementSummary> find(CompanyId companyId, UUID statementId);

    /** The company's imports, newest first, at most {@code limit}. */
    List<StatementSummary> list(CompanyId companyId, int limit);
}
