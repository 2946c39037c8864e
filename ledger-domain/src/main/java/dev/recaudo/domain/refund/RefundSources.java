package dev.recaudo.domain.refund;

import dev.recaudo.domain.money.Money;
import java.util.Objects;

/**
 * Where a refund took the payment's money from: what the payment still held unapplied, the
 * customer credit it created, and what it had applied to its document. They are taken in that
 * order, so a refund reopens a paid document only for what the payment's other money does not cover.
 */
public record RefundSources(Money unapplied, Money credit, Money document) {

    public RefundSources {
        Objects.requireNonNull(unapplied, "unapplied");
        Objects.requireNonNull(credit, "credit");
        Objects.requireNonNull(document, "document");
        if (unapplied.isNegative() || credit.isNegative() || document.isNegative()) {
            throw new IllegalArgumentException("a refund takes no negative amount from anywhere");
        }
    }

    /**
     * Takes {@code amount} from what the payment holds now, first its unapplied money, then its
     * credit, then its document; the caller has checked that the three together cover the amount.
     */
    public static RefundSources take(Money amount, Money unappliedHeld, Money creditHeld, Money documentHeld) {
        Money fromUnapplied = amount.min(unappliedHeld);
        Money fromCredit = amount.minus(fromUnapplied).min(creditHeld);
        Money fromDocument = amount.minus(fromUnapplied).minus(fromCredit);
        if (fromDocument.isGreaterThan(documentHeld)) {
            throw new IllegalArgumentException("the payment holds less than " + amount);
        }
        return new RefundSources(fromUnapplied, fromCredit, fromDocument);
    }

    public Money total() {
        return unapplied.plus(credit).plus(document);
    }
}
