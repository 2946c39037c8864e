package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.customer.TaxIdentity;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The proposals of a credit that paid nothing by itself, each with a confidence and a reason: the
 * checkout its valid reference names (another amount, or another currency: that one only through the
 * certified-rate path); else the pending checkouts of the customer whose tax id the payer's id is
 * (surest with the same amount), the pending checkouts of exactly its amount due within
 * {@link #DUE_WINDOW_DAYS} days of its booking, and the pending checkouts of exactly its amount,
 * surer when the payer typed something shaped like a reference with a wrong check digit. A checkout
 * found by several rules is proposed once, with the surest of them.
 */
public final class Proposing {

    /** Checkouts proposed per credit by amount alone: more would be noise for the person deciding. */
    static final int SAME_AMOUNT_MAX = 5;
    /** Checkouts proposed per credit for the payer's tax id. */
    static final int TAX_ID_MAX = 5;
    /** How far (days, either way) a checkout's due date may be from the credit's booking date to count as near. */
    static final int DUE_WINDOW_DAYS = 3;

    private final Proposals proposals;
    private final Clock clock;

    public Proposing(Proposals proposals, Clock clock) {
        this.proposals = proposals;
        this.clock = clock;
    }

    private record Candidate(int confidence, String reason) {}

    /** Answers how many proposals were made. */
    int propose(CompanyId companyId, UUID entryId, StatementLine line, Optional<Checkout> referenced) {
        if (referenced.isPresent()) {
            Checkout checkout = referenced.get();
            String reason = checkout.amount().currency() != line.amount().currency()
                    ? "the reference names this checkout, but the credit is in " + line.amount().currency() + " and the checkout in "
                            + checkout.amount().currency() + ": apply it through the certified-rate path"
                    : "the reference names this checkout, but the amount differs (credit " + line.amount().amountMinor()
                            + ", checkout " + checkout.amount().amountMinor() + " minor units)";
            proposals.insert(companyId, UUID.randomUUID(), entryId, checkout.id(), 60, reason, clock.instant());
            return 1;
        }
        TenantScope live = new TenantScope(companyId, KeyEnvironment.LIVE);
        Map<UUID, Candidate> best = new LinkedHashMap<>();
        line.payerId().flatMap(TaxIdentity::normalize).ifPresent(taxId -> proposals
                .pendingOfTaxId(live, taxId, line.amount().currency(), TAX_ID_MAX).forEach(pending -> {
                    boolean sameAmount = pending.amount().equals(line.amount());
                    offer(best, pending.checkoutId(), sameAmount ? 85 : 40, sameAmount
                            ? "the payer's id is the customer's tax id, and the amount is the same"
                            : "the payer's id is the customer's tax id, but the amount differs (credit "
                                    + line.amount().amountMinor() + ", checkout " + pending.amount().amountMinor() + " minor units)");
                }));
        List<UUID> dueNear = proposals.pendingOfAmountDueNear(live, line.amount(), line.bookingDate(), DUE_WINDOW_DAYS,
                SAME_AMOUNT_MAX);
        int dueConfidence = Math.max(20, 65 - 10 * (dueNear.size() - 1));
        String dueReason = "same amount and currency, due within " + DUE_WINDOW_DAYS + " days of the booking date"
                + (dueNear.size() > 1 ? " (" + dueNear.size() + " such pending checkouts)" : "");
        dueNear.forEach(checkoutId -> offer(best, checkoutId, dueConfidence, dueReason));
        boolean mistyped = PaymentReference.candidatesIn(line.remittance()).stream().anyMatch(c -> c.reference().isEmpty());
        List<UUID> sameAmount = proposals.pendingOfAmount(live, line.amount(), SAME_AMOUNT_MAX);
        int confidence = Math.max(10, (mistyped ? 70 : 50) - 10 * (sameAmount.size() - 1));
        String reason = "same amount and currency" + (mistyped ? ", and a reference with a wrong check digit" : ", no reference")
                + (sameAmount.size() > 1 ? " (" + sameAmount.size() + " pending checkouts of this amount)" : "");
        sameAmount.forEach(checkoutId -> offer(best, checkoutId, confidence, reason));
        best.forEach((checkoutId, candidate) -> proposals.insert(companyId, UUID.randomUUID(), entryId, checkoutId,
                candidate.confidence(), candidate.reason(), clock.instant()));
        return best.size();
    }

    /** Keeps, per checkout, the surest reason found for it. */
    private static void offer(Map<UUID, Candidate> best, UUID checkoutId, int confidence, String reason) {
        best.merge(checkoutId, new Candidate(confidence, reason), (kept, found) -> found.confidence() > kept.confidence() ? found : kept);
    }
}
