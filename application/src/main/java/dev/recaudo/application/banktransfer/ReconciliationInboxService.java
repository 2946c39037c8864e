package dev.recaudo.application.banktransfer;

import dev.recaudo.application.banktransfer.ProposalsUseCase.Decision;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The inbox read from the open proposals (oldest first) grouped by their statement line; decisions are {@link ProposalsUseCase}'s. */
public final class ReconciliationInboxService implements ReconciliationInboxUseCase {

    static final String NOT_DECIDED = "it could not be decided now: nothing changed, try it again";

    private final ProposalsUseCase proposals;
    private final PayerReports reports;
    private final CheckoutRepository checkouts;

    public ReconciliationInboxService(ProposalsUseCase proposals, PayerReports reports, CheckoutRepository checkouts) {
        this.proposals = proposals;
        this.reports = reports;
        this.checkouts = checkouts;
    }

    @Override
    public Inbox inbox(TenantScope scope) {
        if (scope.isTest()) {
            return new Inbox(false, List.of(), List.of());
        }
        Map<UUID, List<Proposed>> byEntry = new LinkedHashMap<>();
        Map<UUID, Proposal> firstOfEntry = new LinkedHashMap<>();
        for (Proposal proposal : proposals.open(scope.companyId())) {
            firstOfEntry.putIfAbsent(proposal.entryId(), proposal);
            byEntry.computeIfAbsent(proposal.entryId(), entry -> new ArrayList<>()).add(new Proposed(proposal,
                    checkouts.find(scope, proposal.checkoutId()).map(Checkout::documentId)));
        }
        List<Line> lines = new ArrayList<>();
        byEntry.forEach((entry, proposed) -> lines.add(new Line(entry, firstOfEntry.get(entry).line(), proposed)));
        List<PayerReport> waiting = new ArrayList<>();
        for (CurrencyCode currency : CurrencyCode.values()) {
            waiting.addAll(reports.openClaims(scope.companyId(), currency, ProposalsUseCase.LISTED_MAX));
        }
        return new Inbox(true, lines, waiting);
    }

    @Override
    public Decision confirm(TenantScope scope, UUID proposalId, UUID by) {
        return scope.environment() == KeyEnvironment.LIVE ? proposals.confirm(scope.companyId(), proposalId, by) : new Decision.NotFound();
    }

    @Override
    public Decision dismiss(TenantScope scope, UUID proposalId) {
        return scope.environment() == KeyEnvironment.LIVE ? proposals.dismiss(scope.companyId(), proposalId) : new Decision.NotFound();
    }

    /** One decision of a bulk: a failure of the store is this proposal's outcome, not the end of the others. */
    private Decision decided(TenantScope scope, UUID id, boolean confirm, UUID by) {
        try {
            return confirm ? confirm(scope, id, by) : dismiss(scope, id);
        } catch (RuntimeException failed) {
            return new Decision.Refused(NOT_DECIDED);
        }
    }

    @Override
    public List<Decided> bulk(TenantScope scope, List<UUID> proposalIds, boolean confirm, UUID by) {
        if (proposalIds.size() > BULK_MAX) {
            throw new IllegalArgumentException("at most " + BULK_MAX + " proposals are decided at once");
        }
        return proposalIds.stream().distinct().map(id -> new Decided(id, decided(scope, id, confirm, by))).toList();
    }
}
