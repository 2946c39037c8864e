package dev.recaudo.application.banktransfer;

import dev.recaudo.application.banktransfer.ProposalsUseCase.Decision;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port of the console's reconciliation inbox: the statement lines with open proposals, and
 * the payer reports still waiting for their line, decided through {@link ProposalsUseCase}. Bank
 * statements pay live checkouts only, so the test environment's inbox is empty and decides nothing.
 */
public interface ReconciliationInboxUseCase {

    /** The most proposals one bulk decision takes. */
    int BULK_MAX = ProposalsUseCase.LISTED_MAX;

    Inbox inbox(TenantScope scope);

    Decision confirm(TenantScope scope, UUID proposalId, UUID by);

    Decision dismiss(TenantScope scope, UUID proposalId);

    /** Each proposal decided in a transaction of its own, in the order given: one failing leaves the others decided. */
    List<Decided> bulk(TenantScope scope, List<UUID> proposalIds, boolean confirm, UUID by);

    /** {@code live}: whether the scope is one statements reach. */
    record Inbox(boolean live, List<Line> lines, List<PayerReport> waiting) {}

    /** A statement credit and its open proposals, each with the document its checkout is for. */
    record Line(UUID entryId, StatementLine line, List<Proposed> proposals) {}

    record Proposed(Proposal proposal, Optional<DocumentId> document) {}

    record Decided(UUID proposalId, Decision decision) {}
}
