package dev.recaudo.application.rail;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.RefundRepository;
import dev.recaudo.domain.refund.RefundStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Finds the Recaudo payment each line of a payout settles: by what Recaudo wrote into the charge's
 * metadata (the external payment, else the checkout), scoped to the company, and else by the
 * processor's reference of the charge recorded on the payment. A payout is whole when it is paid,
 * every line found a payment collected through Recaudo in the payout's currency, and the lines add up.
 */
final class PayoutMatching {

    /** A line and what it settles: the payment, and the collections account its money sits in. */
    record Matched(PayoutReport.Line line, Payment payment, AccountCode collections) {}

    sealed interface Outcome {}

    record Whole(List<Matched> lines) implements Outcome {}

    record Unmatched(String reason) implements Outcome {}

    private static final int REASON_MAX = 1000;

    private final PaymentRepository payments;
    private final ExternalPaymentRepository externalPayments;
    private final RefundRepository refunds;

    PayoutMatching(PaymentRepository payments, ExternalPaymentRepository externalPayments, RefundRepository refunds) {
        this.payments = payments;
        this.externalPayments = externalPayments;
        this.refunds = refunds;
    }

    Outcome match(TenantScope scope, PayoutReport report) {
        List<String> reasons = new ArrayList<>();
        if (!report.paid()) {
            reasons.add("the processor does not report the payout as paid");
        }
        if (!report.addsUp()) {
            long sum = report.lines().stream().mapToLong(PayoutReport.Line::netMinor).sum();
            reasons.add("the lines add up to " + sum + ", not to the payout's " + report.amountMinor());
        }
        List<Matched> matched = new ArrayList<>();
        for (int i = 0; i < report.lines().size(); i++) {
            PayoutReport.Line line = report.lines().get(i);
            String name = "line " + (i + 1) + " (" + line.kind() + line.sourceReference().map(ref -> " " + ref).orElse("") + ")";
            if (line.kind() == PayoutReport.Kind.OTHER) {
                reasons.add(name + ": a balance movement Recaudo does not match");
                continue;
            }
            if (line.tags().companyId().filter(id -> !id.equals(scope.companyId().value().toString())).isPresent()) {
                reasons.add(name + ": belongs to another company");
                continue;
            }
            Optional<Payment> payment = paymentOf(scope, line);
            if (payment.isEmpty()) {
                reasons.add(name + ": matches no payment of the company");
                continue;
            }
            Optional<AccountCode> collections = collectionsOf(payment.get().kind());
            if (collections.isEmpty() || payment.get().amount().currency() != report.currency()) {
                reasons.add(name + ": payment " + payment.get().id() + " was not collected in " + report.currency()
                        + " through Recaudo");
                continue;
            }
            matched.add(new Matched(line, payment.get(), collections.get()));
        }
        reasons.addAll(unbookedReturns(scope, matched));
        if (reasons.isEmpty()) {
            return new Whole(matched);
        }
        String reason = String.join("; ", reasons);
        return new Unmatched(reason.length() <= REASON_MAX ? reason : reason.substring(0, REASON_MAX - 3) + "...");
    }

    /**
     * Money a refund or a lost dispute took back (a line of negative gross) must have been booked as
     * returned: an external payment's refunds and chargebacks (not failed) cover at least what this payout's
     * lines took back from it, as do the returns booked of a ledger payment no external payment holds (an
     * invoice's checkout paid by card): every return names its ledger payment.
     */
    private List<String> unbookedReturns(TenantScope scope, List<Matched> matched) {
        Map<Payment, Long> returned = new LinkedHashMap<>();
        for (Matched line : matched) {
            if (line.line().kind() != PayoutReport.Kind.CHARGE && line.line().grossMinor() < 0) {
                returned.merge(line.payment(), -line.line().grossMinor(), Long::sum);
            }
        }
        List<String> reasons = new ArrayList<>();
        returned.forEach((payment, minor) -> {
            long booked = refunds.ofPayment(scope, payment.id()).stream()
                    .filter(refund -> refund.status() != RefundStatus.FAILED)
                    .mapToLong(refund -> refund.amount().amountMinor()).sum();
            if (booked < minor) {
                reasons.add("payment " + payment.id() + ": " + minor + " went back to the payer, " + booked
                        + " of it booked as returned in Recaudo");
            }
        });
        return reasons;
    }

    private Optional<Payment> paymentOf(TenantScope scope, PayoutReport.Line line) {
        ProcessorEvent.Tags tags = line.tags();
        return tags.externalPaymentId()
                .flatMap(id -> payments.findRecaudoNamed(scope, PaymentKind.EXTERNAL.externalPaymentIdOf(id)))
                .or(() -> tags.checkoutId().flatMap(id -> ofCheckout(scope, id)))
                .or(() -> line.sourceReference().flatMap(reference -> payments.findByProviderReference(scope, reference)));
    }

    /** An invoice checkout's payment, or the payment of the hosted external payment with that checkout. */
    private Optional<Payment> ofCheckout(TenantScope scope, UUID checkoutId) {
        return payments.findRecaudoNamed(scope, PaymentKind.CHECKOUT.externalPaymentIdOf(checkoutId))
                .or(() -> externalPayments.findByCheckout(checkoutId).filter(hosted -> hosted.scope().equals(scope))
                        .flatMap(ExternalPayment::paymentId).flatMap(id -> payments.findById(scope, id)));
    }

    /** Where a payment's money arrived; none for money a partner collected outside Recaudo. */
    static Optional<AccountCode> collectionsOf(PaymentKind kind) {
        return switch (kind) {
            case EXTERNAL -> Optional.of(AccountCode.externalCollections());
            case CHECKOUT -> Optional.of(AccountCode.checkoutCollections());
            case VERIFIED, PROVIDER_SETTLEMENT -> Optional.empty();
        };
    }
}
