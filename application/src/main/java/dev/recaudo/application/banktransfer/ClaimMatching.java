package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A credit without a valid reference, against the payers' open reports of the company's pending
 * live checkouts in its currency ({@link ClaimEvidence}). One report the credit confirms, for a
 * checkout of exactly the credit's amount, pays that checkout (the caller pays it through the
 * page's path); reports it only partly bears out, or several it confirms, become proposals whose
 * reason is the report.
 */
public final class ClaimMatching {

    /** Open reports read per credit; the oldest first, as reports older than a month are refused anyway. */
    static final int CLAIMS_MAX = 500;

    private final PayerReports reports;
    private final CheckoutRepository checkouts;
    private final Proposals proposals;
    private final Clock clock;

    public ClaimMatching(PayerReports reports, CheckoutRepository checkouts, Proposals proposals, Clock clock) {
        this.reports = reports;
        this.checkouts = checkouts;
        this.proposals = proposals;
        this.clock = clock;
    }

    /** What the credit's claims lead to. */
    public sealed interface Outcome {
        /** The credit confirms {@code report}: pay {@code checkout} with it. */
        record Confirmed(PayerReport report, Checkout checkout) implements Outcome {}

        /** {@code count} proposals were made. */
        record Proposed(int count) implements Outcome {}
    }

    public Outcome match(CompanyId companyId, UUID entryId, StatementLine line) {
        record Scored(PayerReport report, ClaimEvidence evidence) {}
        List<Scored> scored = reports.openClaims(companyId, line.amount().currency(), CLAIMS_MAX).stream()
                .map(report -> new Scored(report, ClaimEvidence.of(report, line)))
                .filter(candidate -> candidate.evidence().proposes())
                .sorted(Comparator.comparingInt((Scored candidate) -> candidate.evidence().confidence()).reversed())
                .toList();
        List<Scored> confirming = scored.stream().filter(candidate -> candidate.evidence().confirms()).toList();
        if (confirming.stream().map(candidate -> candidate.report().checkoutId()).distinct().count() == 1) {
            PayerReport report = confirming.get(0).report();
            Optional<Checkout> checkout = checkouts.find(new TenantScope(companyId, KeyEnvironment.LIVE), report.checkoutId())
                    .filter(Checkout::isPending).filter(found -> found.amount().equals(line.amount()));
            if (checkout.isPresent()) {
                return new Outcome.Confirmed(report, checkout.get());
            }
        }
        List<UUID> proposed = scored.stream().map(candidate -> {
            PayerReport report = candidate.report();
            proposals.insert(companyId, UUID.randomUUID(), entryId, report.checkoutId(), candidate.evidence().confidence(),
                    "the payer reported a transfer (bank " + report.bank() + ", reference " + report.bankReference() + ", "
                            + report.paidOn() + ", " + report.amount().amountMinor() + " minor units): "
                            + candidate.evidence().describe(), clock.instant());
            return report.checkoutId();
        }).distinct().toList();
        return new Outcome.Proposed(proposed.size());
    }

    /** The report was confirmed by the statement entry that paid its checkout. */
    public void settle(CompanyId companyId, PayerReport report, UUID entryId) {
        reports.matched(companyId, report.id(), entryId, clock.instant());
    }
}
