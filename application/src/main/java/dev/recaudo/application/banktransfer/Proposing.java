package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The proposals of a credit that paid nothing by itself, each with a confidence and a reason: the
 * checkout its valid reference names (another amount, or another currency: that one only through the
 * certified-rate path), else the pending checkouts of exactly its amount, surer when the payer typed
 * something shaped like a reference with a wrong check digit.
 */
public final class Proposing {

    /** Checkouts proposed per credit by amount alone: more would be noise for the person deciding. */
    static final int SAME_AMOUNT_MAX = 5;

    private final Proposals proposals;
    private final Clock clock;

    public Proposing(Proposals proposals, Clock clock) {
        this.proposals = proposals;
        this.clock = clock;
    }

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
        boolean mistyped = PaymentReference.candidatesIn(line.remittance()).stream().anyMatch(c -> c.reference().isEmpty());
        List<UUID> sameAmount = proposals.pendingOfAmount(new TenantScope(companyId, KeyEnvironment.LIVE), line.amount(),
                SAME_AMOUNT_MAX);
        int confidence = Math.max(10, (mistyped ? 70 : 50) - 10 * (sameAmount.size() - 1));
        String reason = "same amount and currency" + (mistyped ? ", and a reference with a wrong check digit" : ", no reference")
                + (sameAmount.size() > 1 ? " (" + sameAmount.size() + " pending checkouts of this amount)" : "");
        sameAmount.forEach(checkoutId -> proposals.insert(companyId, UUID.randomUUID(), entryId, checkoutId, confidence, reason,
                clock.instant()));
        return sameAmount.size();
    }
}
