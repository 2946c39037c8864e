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

    /** A credit entry that paid (MATCHED or CREDITED), as a reversal of it finds it. */
    record ReversibleCredit(UUID entryId, Optional<String> bankReference, Optional<UUID> checkoutId) {}

    /**
     * The oldest credit entry of the account, not itself a reversal, MATCHED or CREDITED, of the
     * reversal's amount and currency and carrying its bank reference (else, when it has none, its
     * end-to-end id), locked for the caller's transaction; none when the reversal names neither.
     */
    Optional<ReversibleCredit> lockReversibleCredit(CompanyId companyId, UUID accountId, StatementLine reversal);

    /** Adds a batch's counts to the statement. */
    void count(CompanyId companyId, UUID statementId, StatementSummary.Counts counts);

    void finish(CompanyId companyId, UUID statementId, Optional<String> failure, Instant now);

    Optional<StatementSummary> find(CompanyId companyId, UUID statementId);

    /** The company's imports, newest first, at most {@code limit}. */
    List<StatementSummary> list(CompanyId companyId, int limit);
}
