package dev.recaudo.application.rail;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.DocumentConciliation;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.refund.RefundRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A card payout applied to the books (docs/decisions.md, "Card payouts"). The report is fetched from
 * the processor outside any transaction; then, in one transaction under the payout's row: a payout
 * whose lines all settle known payments and add up books each line's fee once
 * ({@code PROCESSOR_FEE}: collections credit, {@code processor_fees:<rail>} debit) and moves the
 * {@code PAID} documents of the charges it settles to {@code CONCILIATED}, with no event, as the
 * sandbox control does; any other stays {@code UNMATCHED} with its reason, and nothing moves. The
 * same payout again changes nothing, except that an unmatched one is matched again.
 */
public final class PayoutReconciliation implements PayoutEvents {

    private final CardPayouts payouts;
    private final PayoutMatching matching;
    private final PaymentRepository payments;
    private final CollectionDocumentRepository documents;
    private final DocumentConciliation conciliation;
    private final Ledger ledger;
    private final Transactions transactions;
    private final Clock clock;

    public PayoutReconciliation(CardPayouts payouts, PaymentRepository payments, ExternalPaymentRepository externalPayments,
            RefundRepository refunds, CollectionDocumentRepository documents, Ledger ledger, Transactions transactions,
            Clock clock) {
        this.payouts = payouts;
        this.matching = new PayoutMatching(payments, externalPayments, refunds);
        this.payments = payments;
        this.documents = documents;
        this.conciliation = new DocumentConciliation(documents);
        this.ledger = ledger;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Both steps: the report fetched outside any transaction, then applied in one. */
    public void paid(CompanyId company, CardRails.Connected rail, ProcessorEvent.PayoutPaid event) {
        paid(company, rail, report(rail, event));
    }

    @Override
    public void paid(CompanyId company, CardRails.Connected rail, PayoutReport report) {
        apply(new TenantScope(company, KeyEnvironment.LIVE), rail.rail().name(), report);
    }

    /** Applies a payout's report in one transaction; answers the payout as stored afterwards. */
    public CardPayout apply(TenantScope scope, String rail, PayoutReport report) {
        return transactions.inTransaction(() -> {
            Instant now = clock.instant();
            Optional<CardPayout> known = payouts.lock(scope, rail, report.payoutId());
            if (known.isPresent()) {
                return again(known.get(), report, now);
            }
            PayoutMatching.Outcome outcome = matching.match(scope, report);
            Optional<String> reason = outcome instanceof PayoutMatching.Unmatched unmatched
                    ? Optional.of(unmatched.reason()) : Optional.empty();
            CardPayout received = new CardPayout(UUID.randomUUID(), scope, rail, report.payoutId(),
                    Money.of(report.amountMinor(), report.currency()),
                    reason.isPresent() ? CardPayout.Status.UNMATCHED : CardPayout.Status.MATCHED, reason,
                    report.lines().size(), now, now);
            if (!payouts.insert(received)) {
                return again(payouts.lock(scope, rail, report.payoutId()).orElseThrow(), report, now);
            }
            if (outcome instanceof PayoutMatching.Whole whole) {
                settle(scope, rail, report.payoutId(), whole.lines(), now);
            }
            return received;
        });
    }

    /** A payout seen before: a matched one changes nothing; an unmatched one is matched when it now matches. */
    private CardPayout again(CardPayout locked, PayoutReport report, Instant now) {
        if (locked.status() == CardPayout.Status.MATCHED
                || !(matching.match(locked.scope(), report) instanceof PayoutMatching.Whole whole)) {
            return locked;
        }
        settle(locked.scope(), locked.rail(), report.payoutId(), whole.lines(), now);
        CardPayout matched = locked.matched(now);
        payouts.update(matched);
        return matched;
    }

    private void settle(TenantScope scope, String rail, String payoutId, List<PayoutMatching.Matched> lines, Instant now) {
        for (PayoutMatching.Matched matched : lines) {
            bookFee(scope, rail, payoutId, matched, now);
        }
        lines.stream().filter(matched -> matched.line().kind() == PayoutReport.Kind.CHARGE)
                .map(matched -> matched.payment().id()).distinct()
                .flatMap(paymentId -> payments.applicationsOfPayment(scope, paymentId).stream())
                .map(PaymentRepository.PaidDocument::documentId).distinct()
                .sorted(Comparator.comparing(DocumentId::value))
                .forEach(documentId -> documents.lock(scope, documentId)
                        .ifPresent(document -> conciliation.conciliate(document, now)));
    }

    /** The line's fee, once per balance movement: a movement booked by an earlier payout is not booked again. */
    private void bookFee(TenantScope scope, String rail, String payoutId, PayoutMatching.Matched matched, Instant now) {
        PayoutReport.Line line = matched.line();
        if (line.feeMinor() == 0) {
            return;
        }
        Money fee = Money.of(line.feeMinor(), matched.payment().amount().currency());
        UUID paymentId = matched.payment().id();
        String movement = line.sourceReference().orElse("payment:" + paymentId);
        UUID transferId = UUID.randomUUID();
        if (!payouts.recordFee(scope, rail,
                new CardPayouts.BookedFee(line.kind(), movement, payoutId, paymentId, fee, transferId, now))) {
            return;
        }
        AccountCode fees = AccountCode.processorFees(rail);
        List<Entry> entries = fee.isPositive()
                ? List.of(Entry.debit(fees, fee), Entry.credit(matched.collections(), fee))
                : List.of(Entry.debit(matched.collections(), fee.negate()), Entry.credit(fees, fee.negate()));
        ledger.post(new Transfer(transferId, scope, TransferKind.PROCESSOR_FEE, entries, Optional.empty(),
                Optional.of(paymentId), now));
    }
}
