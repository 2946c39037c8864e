package dev.recaudo.stripe;

import com.stripe.StripeClient;
import com.stripe.model.BalanceTransaction;
import com.stripe.model.BalanceTransactionSource;
import com.stripe.model.Charge;
import com.stripe.model.Dispute;
import com.stripe.model.Payout;
import com.stripe.model.Refund;
import com.stripe.param.BalanceTransactionListParams;
import dev.recaudo.application.rail.PayoutReport;
import dev.recaudo.application.rail.ProcessorEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A payout's report: its balance transactions ({@code GET /v1/balance_transactions?payout=...}, every
 * page, sources expanded), the payout's own line left out. A charge's tags are the charge's metadata,
 * which Stripe copies from its PaymentIntent when the charge is made.
 */
final class StripePayouts {

    private StripePayouts() {}

    static PayoutReport report(StripeClient client, String payoutId) {
        Payout payout = StripeCalls.call("a payout", () -> client.v1().payouts().retrieve(payoutId));
        BalanceTransactionListParams params = BalanceTransactionListParams.builder()
                .setPayout(payoutId)
                .addExpand("data.source")
                .setLimit(100L)
                .build();
        List<PayoutReport.Line> lines = StripeCalls.call("a payout's transactions", () -> {
            List<PayoutReport.Line> read = new ArrayList<>();
            for (BalanceTransaction movement : client.v1().balanceTransactions().list(params).autoPagingIterable()) {
                if (!"payout".equals(movement.getType())) {
                    read.add(line(movement));
                }
            }
            return read;
        });
        return new PayoutReport(payout.getId(), StripeTags.money(payout.getAmount(), payout.getCurrency()).currency(),
                payout.getAmount() == null ? 0 : payout.getAmount(), "paid".equals(payout.getStatus()), lines);
    }

    private static PayoutReport.Line line(BalanceTransaction movement) {
        BalanceTransactionSource source = movement.getSourceObject();
        PayoutReport.Kind kind = kind(movement, source);
        Optional<String> reference = Optional.empty();
        ProcessorEvent.Tags tags = ProcessorEvent.Tags.NONE;
        if (source instanceof Charge charge) {
            reference = Optional.ofNullable(charge.getPaymentIntent() != null ? charge.getPaymentIntent() : charge.getId());
            tags = StripeTags.read(charge.getMetadata());
        } else if (source instanceof Refund refund) {
            reference = Optional.ofNullable(refund.getPaymentIntent() != null ? refund.getPaymentIntent() : refund.getCharge());
            tags = StripeTags.read(refund.getMetadata());
        } else if (source instanceof Dispute dispute) {
            reference = Optional.ofNullable(dispute.getPaymentIntent() != null ? dispute.getPaymentIntent() : dispute.getCharge());
            tags = StripeTags.read(dispute.getMetadata());
        }
        return new PayoutReport.Line(kind, reference, value(movement.getAmount()), value(movement.getFee()),
                value(movement.getNet()), tags);
    }

    private static PayoutReport.Kind kind(BalanceTransaction movement, BalanceTransactionSource source) {
        String type = movement.getType() == null ? "" : movement.getType();
        String category = movement.getReportingCategory() == null ? "" : movement.getReportingCategory();
        if (type.equals("charge") || type.equals("payment")) {
            return PayoutReport.Kind.CHARGE;
        }
        if (type.equals("refund") || type.equals("payment_refund")) {
            return PayoutReport.Kind.REFUND;
        }
        if (source instanceof Dispute || category.startsWith("dispute")) {
            return PayoutReport.Kind.DISPUTE;
        }
        return PayoutReport.Kind.OTHER;
    }

    private static long value(Long amount) {
        return amount == null ? 0 : amount;
    }
}
