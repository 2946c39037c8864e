package dev.recaudo.application.banktransfer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase;
import dev.recaudo.application.invoice.CheckoutPaymentUseCase.CheckoutPayment;
import dev.recaudo.application.invoice.SandboxUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.SecondConfirmations;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Decides a proposal under its row lock, so two decisions at once decide it once. Confirming first
 * locks the proposal's statement entry, so that one credit proposed for several checkouts pays one:
 * the entry must still be PROPOSED, and the confirmation supersedes its other open proposals. It pays
 * the checkout through the same path as an exact match (or, when the invoice no longer takes it, the
 * money becomes the customer's credit, said in the answer); a credit in another currency is refused
 * here, because only the certified-rate path converts it. A credit above its currency's amount
 * ({@link SecondConfirmations}) is applied by the second of two people: the first confirmation is
 * recorded under the same locks and moves nothing.
 */
public final class ProposalsService implements ProposalsUseCase {

    static final String ENTRY_APPLIED = "the statement entry was already applied";
    static final String SAME_PERSON = "this credit needs a second person: someone else must confirm it";

    private final Proposals proposals;
    private final CheckoutRepository checkouts;
    private final BankStatements statements;
    private final CheckoutPaymentUseCase payments;
    private final SandboxUseCase conciliation;
    private final SecondConfirmations fourEyes;
    private final Transactions transactions;
    private final Clock clock;

    public ProposalsService(Proposals proposals, CheckoutRepository checkouts, BankStatements statements,
            CheckoutPaymentUseCase payments, SandboxUseCase conciliation, SecondConfirmations fourEyes, Transactions transactions,
            Clock clock) {
        this.fourEyes = fourEyes;
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
    public Decision confirm(CompanyId companyId, UUID proposalId, UUID by) {
        return transactions.inTransaction(() -> {
            Optional<String> entryStatus = proposals.lockEntryOf(companyId, proposalId);
            Optional<Proposal> locked = proposals.lock(companyId, proposalId);
            if (locked.isEmpty() || entryStatus.isEmpty()) {
                return new Decision.NotFound();
            }
            Proposal proposal = locked.get();
            if (!proposal.isOpen()) {
                return new Decision.AlreadyDecided(proposal.status());
            }
            if (!"PROPOSED".equals(entryStatus.get())) {
                return new Decision.Refused(ENTRY_APPLIED);
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
            if (fourEyes.needed(proposal.line().amount())) {
                if (proposal.firstConfirmedBy().isEmpty()) {
                    proposals.confirmFirst(companyId, proposalId, by, clock.instant());
                    return new Decision.AwaitingSecondPerson();
                }
                if (proposal.firstConfirmedBy().get().equals(by)) {
                    return new Decision.Refused(SAME_PERSON);
                }
            }
            String paymentId = ReferenceMatching.PROVIDER + ":" + proposal.line().bankReference().orElse(proposal.entryId().toString());
            CheckoutPayment taken = payments.taken(live, proposal.checkoutId(), proposal.line().amount(), paymentId);
            if (taken instanceof CheckoutPayment.Paid) {
                conciliation.conciliate(live, Optional.empty(), checkout.get().documentId());
                return applied(companyId, proposal, "MATCHED", "paid");
            }
            if (taken instanceof CheckoutPayment.Credited) {
                return applied(companyId, proposal, "CREDITED", "credited");
            }
            return new Decision.Refused("the checkout's invoice cannot be paid");
        });
    }

    /** The entry's money went where {@code outcome} says: the proposal is confirmed, its siblings superseded. */
    private Decision applied(CompanyId companyId, Proposal proposal, String entryStatus, String outcome) {
        statements.markEntry(companyId, proposal.entryId(), entryStatus, Optional.of(proposal.checkoutId()));
        proposals.decide(companyId, proposal.id(), "CONFIRMED", clock.instant());
        proposals.supersedeOthers(companyId, proposal.entryId(), proposal.id(), clock.instant());
        return new Decision.Decided("CONFIRMED", Optional.of(outcome));
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
