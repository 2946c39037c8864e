package dev.recaudo.application.banktransfer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase.CheckoutPayment;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Decides a proposal under its row lock, so two decisions at once decide it once. Confirming pays
 * the checkout through the same path as an exact match; a credit in another currency is refused
 * here, because only the certified-rate path converts it.
 */
public final class ProposalsService implements ProposalsUseCase {

    private final Proposals proposals;
    private final CheckoutRepository checkouts;
    private final BankStatements statements;
    private final CheckoutPaymentUseCase payments;
    private final SandboxUseCase conciliation;
    private final Transactions transactions;
    private final Clock clock;

    public ProposalsService(Proposals proposals, CheckoutRepository checkouts, BankStatements statements,
            CheckoutPaymentUseCase payments, SandboxUseCase conciliation, Transactions transactions, Clock clock) {
        this.proposals = proposals;
        this.checkouts = checkouts;
        this.statements = statements;
        this.payments = payments;
        this.conciliation = conciliation;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public List<Proposal> open(CompanyId companyId) {
        return proposals.open(companyId, LISTED_MAX);
    }

    @Override
    public Decision confirm(CompanyId companyId, UUID proposalId) {
        return transactions.inTransaction(() -> {
            Optional<Proposal> locked = proposals.lock(companyId, proposalId);
            if (locked.isEmpty()) {
                return new Decision.NotFound();
            }
            Proposal proposal = locked.get();
            if (!proposal.isOpen()) {
                return new Decision.AlreadyDecided(proposal.status());
            }
            TenantScope live = new TenantScope(companyId, KeyEnvironment.LIVE);
            Optional<Checkout> checkout = checkouts.find(live, proposal.checkoutId()).filter(Checkout::isPending);
            if (checkout.isEmpty()) {
                return new Decision.Refused("the checkout is no longer pending");
            }
            if (checkout.get().amount().currency() != proposal.line().amount().currency()) {
                return new Decision.Refused("the credit is in " + proposal.line().amount().currency() + " and the checkout in "
                        + checkout.get().amount().currency() + ": apply it through the certified-rate path"
                        + " (POST /integrations/v1/{companyId}/verified-payments with its certified rate)");
            }
            if (!checkout.get().amount().equals(proposal.line().amount())) {
                return new Decision.Refused("the credit's amount differs from the checkout's: record it as a verified payment");
            }
            String paymentId = ReferenceMatching.PROVIDER + ":" + proposal.line().bankReference().orElse(proposal.entryId().toString());
            if (!(payments.taken(live, proposal.checkoutId(), proposal.line().amount(), paymentId) instanceof CheckoutPayment.Paid)) {
                return new Decision.Refused("the checkout's invoice cannot be paid");
            }
            conciliation.conciliate(live, Optional.empty(), checkout.get().documentId());
            statements.markEntry(companyId, proposal.entryId(), "MATCHED", Optional.of(proposal.checkoutId()));
            proposals.decide(companyId, proposalId, "CONFIRMED", clock.instant());
            return new Decision.Decided("CONFIRMED");
        });
    }

    @Override
    public Decision dismiss(CompanyId companyId, UUID proposalId) {
        return transactions.inTransaction(() -> {
            Optional<Proposal> locked = proposals.lock(companyId, proposalId);
            if (locked.isEmpty()) {
                return new Decision.NotFound();
            }
            if (!locked.get().isOpen()) {
                return new Decision.AlreadyDecided(locked.get().status());
            }
            proposals.decide(companyId, proposalId, "DISMISSED", clock.instant());
            return new Decision.Decided("DISMISSED");
        });
    }
}
