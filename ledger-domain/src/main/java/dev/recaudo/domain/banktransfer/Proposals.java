package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: reconciliation proposals and the checkouts a credit may be proposed for. */
public interface Proposals {

    void insert(CompanyId companyId, UUID proposalId, UUID entryId, UUID checkoutId, int confidence, String reason, Instant now);

    /** The company's open proposals, oldest first, at most {@code limit}. */
    List<Proposal> open(CompanyId companyId, int limit);

    /** Reads the proposal and locks it until the transaction ends, so that it is decided once. */
    Optional<Proposal> lock(CompanyId companyId, UUID proposalId);

    void decide(CompanyId companyId, UUID proposalId, String status, Instant now);

    /** Records the first of two confirmations of an open proposal, by {@code by}; the proposal stays open. */
    void confirmFirst(CompanyId companyId, UUID proposalId, UUID by, Instant now);

    /**
     * Reads the status of the entry the proposal is of and locks that entry until the transaction
     * ends: every confirmation of one entry's proposals passes through it, so one credit pays once.
     */
    Optional<String> lockEntryOf(CompanyId companyId, UUID proposalId);

    /** Marks the entry's other OPEN proposals SUPERSEDED: the credit was applied through {@code confirmedId}. */
    void supersedeOthers(CompanyId companyId, UUID entryId, UUID confirmedId, Instant now);

    /** The company's pending live checkouts of exactly {@code amount}, oldest first, at most {@code limit}. */
    List<UUID> pendingOfAmount(TenantScope scope, Money amount, int limit);

    /** A pending checkout and the amount it asks for. */
    record Pending(UUID checkoutId, Money amount) {}

    /**
     * The pending checkouts in {@code currency} of documents whose customer has the normalized tax id
     * {@code taxIdNormalized} ({@code TaxIdentity}), oldest first, at most {@code limit}.
     */
    List<Pending> pendingOfTaxId(TenantScope scope, String taxIdNormalized, CurrencyCode currency, int limit);

    /**
     * The pending checkouts of exactly {@code amount} due (UTC date) at most {@code days} days before
     * or after {@code date}, nearest due date first, at most {@code limit}.
     */
    List<UUID> pendingOfAmountDueNear(TenantScope scope, Money amount, LocalDate date, int days, int limit);
}
