package dev.recaudo.domain.document;

import dev.recaudo.domain.money.Money;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The invoice state machine of the specification, as an explicit table of allowed moves plus the
 * money conditions of each operation. Every operation answers a verdict; a rejection names its
 * reason, and the caller changes nothing.
 *
 * <pre>
 * CREATED              -> CREATED (update), PAID (checkout paid), PAID_FROM_PROVIDER (settled outside),
 *                         DELETE_FROM_PROVIDER (annulled), FAILED (collection failed)
 * PAID                 -> PAID (informational update), CONCILIATED (payment reconciled),
 *                         CREATED (money returned: refunded or charged back, it owes that again)
 * CONCILIATED          -> CONCILIATED (informational update), CREATED (charged back)
 * PAID_FROM_PROVIDER   -> PAID_FROM_PROVIDER (informational update)
 * FAILED               -> DELETE_FROM_PROVIDER (annulled)
 * DELETE_FROM_PROVIDER -> (terminal)
 * </pre>
 */
public final class DocumentLifecycle {

    private static final Map<DocumentStatus, Set<DocumentStatus>> MOVES = new EnumMap<>(DocumentStatus.class);

    static {
        MOVES.put(DocumentStatus.CREATED, EnumSet.of(DocumentStatus.CREATED, DocumentStatus.PAID,
                DocumentStatus.PAID_FROM_PROVIDER, DocumentStatus.DELETE_FROM_PROVIDER, DocumentStatus.FAILED));
        MOVES.put(DocumentStatus.PAID, EnumSet.of(DocumentStatus.PAID, DocumentStatus.CONCILIATED, DocumentStatus.CREATED));
        MOVES.put(DocumentStatus.CONCILIATED, EnumSet.of(DocumentStatus.CONCILIATED, DocumentStatus.CREATED));
        MOVES.put(DocumentStatus.PAID_FROM_PROVIDER, EnumSet.of(DocumentStatus.PAID_FROM_PROVIDER));
        MOVES.put(DocumentStatus.FAILED, EnumSet.of(DocumentStatus.DELETE_FROM_PROVIDER));
        MOVES.put(DocumentStatus.DELETE_FROM_PROVIDER, EnumSet.noneOf(DocumentStatus.class));
    }

    private DocumentLifecycle() {}

    public static boolean canMove(DocumentStatus from, DocumentStatus to) {
        return MOVES.get(from).contains(to);
    }

    /** Why an operation was refused; each maps to one area of the public {@code errors} object. */
    public enum Rejection {
        /** Payments were applied to an open document: its data and money are frozen (errors.payment). */
        PAYMENTS_APPLIED,
        /** A settled document's amount must stay the settled total (errors.amount). */
        SETTLED_AMOUNT_DIFFERS,
        /** The document's status does not allow the operation (errors.status). */
        STATUS_FORBIDS,
        /** Money was applied, so annulling would erase it from the ledger (errors.payment). */
        MONEY_APPLIED,
        /**
         * The document has lines and owes their sum: an amount alone cannot change its total, only
         * new lines can (errors.amount).
         */
        TOTAL_FOLLOWS_LINES
    }

    public sealed interface UpdateVerdict {
        record InformationOnly() implements UpdateVerdict {}

        /** The total changes by {@code delta} (new minus old); the checkout is replaced. */
        record AmountChange(Money delta) implements UpdateVerdict {}

        record Rejected(Rejection reason) implements UpdateVerdict {}
    }

    public sealed interface AnnulVerdict {
        /** Write off this open balance and void pending checkouts. */
        record Annul(Money openBalance) implements AnnulVerdict {}

        /** Already annulled: nothing to do, nothing to announce. */
        record AlreadyAnnulled() implements AnnulVerdict {}

        record Rejected(Rejection reason) implements AnnulVerdict {}
    }

    public sealed interface SettlementVerdict {
        /** Apply exactly this open balance. */
        record Settle(Money openBalance) implements SettlementVerdict {}

        /** Already settled from the provider: nothing to do, nothing to announce. */
        record AlreadySettled() implements SettlementVerdict {}

        record Rejected(Rejection reason) implements SettlementVerdict {}
    }

    /** A full replacement of the informational data, with {@code newTotal} as the amount sent. */
    public static UpdateVerdict update(CollectionDocument document, Money newTotal) {
        switch (document.status()) {
            case CREATED:
                if (document.hasMoneyApplied()) {
                    return new UpdateVerdict.Rejected(Rejection.PAYMENTS_APPLIED);
                }
                return newTotal.equals(document.total())
                        ? new UpdateVerdict.InformationOnly()
                        : new UpdateVerdict.AmountChange(newTotal.minus(document.total()));
            case PAID:
            case CONCILIATED:
            case PAID_FROM_PROVIDER:
                return newTotal.equals(document.total())
                        ? new UpdateVerdict.InformationOnly()
                        : new UpdateVerdict.Rejected(Rejection.SETTLED_AMOUNT_DIFFERS);
            default:
                return new UpdateVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
    }

    /**
     * A full replacement whose {@code amount} is the new total, without lines: the public invoice
     * API's {@code PUT}. A document with lines (a partner's upsert gave them) owes exactly their sum,
     * and only the partner's next set of lines may change it; an amount that would change its total
     * is refused ({@code TOTAL_FOLLOWS_LINES}), so the total and the lines never disagree. With
     * its total unchanged, or without lines, the rules of {@link #update} apply, and their reasons
     * come first.
     */
    public static UpdateVerdict updateAmount(CollectionDocument document, Money amount, List<DocumentLine> lines) {
        UpdateVerdict verdict = update(document, amount);
        if (verdict instanceof UpdateVerdict.AmountChange && !lines.isEmpty()) {
            return new UpdateVerdict.Rejected(Rejection.TOTAL_FOLLOWS_LINES);
        }
        return verdict;
    }

    /** Annulment from the provider side ({@code DELETE_FROM_PROVIDER}). */
    public static AnnulVerdict annul(CollectionDocument document) {
        if (document.status() == DocumentStatus.DELETE_FROM_PROVIDER) {
            return new AnnulVerdict.AlreadyAnnulled();
        }
        if (document.hasMoneyApplied()) {
            return new AnnulVerdict.Rejected(Rejection.MONEY_APPLIED);
        }
        if (!canMove(document.status(), DocumentStatus.DELETE_FROM_PROVIDER)) {
            return new AnnulVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        return new AnnulVerdict.Annul(document.balance());
    }

    /**
     * Settlement from the provider side ({@code PAID_FROM_PROVIDER}): allowed only for an open
     * document with no partial payment, and applies exactly its open balance.
     */
    public static SettlementVerdict settleFromProvider(CollectionDocument document) {
        if (document.status() == DocumentStatus.PAID_FROM_PROVIDER) {
            return new SettlementVerdict.AlreadySettled();
        }
        if (!canMove(document.status(), DocumentStatus.PAID_FROM_PROVIDER)) {
            return new SettlementVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        if (document.hasMoneyApplied()) {
            return new SettlementVerdict.Rejected(Rejection.PAYMENTS_APPLIED);
        }
        return new SettlementVerdict.Settle(document.balance());
    }

    /** Payment of the document's checkout: the same conditions as a provider settlement. */
    public static SettlementVerdict payCheckout(CollectionDocument document) {
        if (!canMove(document.status(), DocumentStatus.PAID) || document.status() == DocumentStatus.PAID) {
            return new SettlementVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        if (document.hasMoneyApplied()) {
            return new SettlementVerdict.Rejected(Rejection.PAYMENTS_APPLIED);
        }
        return new SettlementVerdict.Settle(document.balance());
    }

    public sealed interface ReturnVerdict {
        /** Take the amount off what was applied: the document owes it again, as {@code CREATED}. */
        record Reopen() implements ReturnVerdict {}

        /** Put the amount back on the document, which moves to {@code status} ({@code PAID} when it settles it). */
        record Repay(DocumentStatus status) implements ReturnVerdict {}

        record Rejected(Rejection reason) implements ReturnVerdict {}
    }

    /**
     * A refund takes {@code amount} of applied money back: from a PAID document, or a partly paid
     * open one. A CONCILIATED document's payment was seen in the company's account, and a refund
     * would contradict that reconciliation: it is refused (docs/decisions.md), and only a chargeback reopens it.
     */
    public static ReturnVerdict refund(CollectionDocument document, Money amount) {
        if (document.status() == DocumentStatus.CONCILIATED) {
            return new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        return chargeBack(document, amount);
    }

    /** A chargeback or returned transfer takes {@code amount} of applied money back, whatever reconciled it. */
    public static ReturnVerdict chargeBack(CollectionDocument document, Money amount) {
        if (!canMove(document.status(), DocumentStatus.CREATED) || amount.isGreaterThan(document.applied())) {
            return new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        return new ReturnVerdict.Reopen();
    }

    /**
     * A refund the processor declined puts {@code amount} back on the document it reopened, if the
     * document still owes at least that much and takes payment; PAID when it settles the balance.
     */
    public static ReturnVerdict repay(CollectionDocument document, Money amount) {
        if (document.status() != DocumentStatus.CREATED || amount.isGreaterThan(document.balance())) {
            return new ReturnVerdict.Rejected(Rejection.STATUS_FORBIDS);
        }
        return new ReturnVerdict.Repay(amount.equals(document.balance()) ? DocumentStatus.PAID : DocumentStatus.CREATED);
    }

    /** A simple move without money: CONCILIATED after PAID, FAILED from CREATED. */
    public static boolean allowsMove(CollectionDocument document, DocumentStatus target) {
        if (target == DocumentStatus.FAILED && document.hasMoneyApplied()) {
            return false;
        }
        return document.status() != target && canMove(document.status(), target);
    }
}
