package dev.recaudo.domain.payment;

import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a verified payment is applied to the documents the partner listed. Per document, the applied
 * amount is the smaller of what was listed for it and what it still owes. Then, with
 * {@code applied} the sum of those, {@code shortfall} what was listed but could not be applied, and
 * {@code excess} the part of the payment the partner did not list:
 *
 * <pre>
 * | applied | shortfall | excess | outcome            | the rest of the payment            |
 * |---------|-----------|--------|--------------------|------------------------------------|
 * | 0       | any       | any    | no_open_documents  | no money moves; a retry re-applies |
 * | > 0     | 0         | 0      | applied            | none                               |
 * | > 0     | 0         | > 0    | credited           | excess becomes customer credit     |
 * | > 0     | > 0       | any    | partially_applied  | shortfall + excess stay unapplied  |
 * </pre>
 *
 * Listing more than the payment's amount, an amount above {@link Money#AMOUNT_MINOR_MAX}, or one
 * document twice, is refused before allocation. For every payment, amount = applied + credit + unapplied.
 */
public record Allocation(List<DocumentApplication> applications, Money applied, Money credit, Money unapplied,
        PaymentOutcome outcome) {

    public Allocation {
        applications = List.copyOf(applications);
        Objects.requireNonNull(outcome, "outcome");
    }

    /** A document the partner listed: how much of the payment it should take, and what it owes now. */
    public record ListedDocument(DocumentId documentId, Money listed, Money open) {}

    public record DocumentApplication(DocumentId documentId, Money amount) {}

    public static Allocation of(Money amount, List<ListedDocument> listed) {
        if (!amount.isWithinAmountMaximum() || listed.stream().anyMatch(document -> !document.listed().isWithinAmountMaximum())) {
            throw new IllegalArgumentException("amounts above the maximum are refused before allocation");
        }
        // Each listing is served from the document's open balance as read once: a document listed twice
        // would take it twice. The edge refuses such a request; the domain does not rely on it.
        if (listed.stream().map(ListedDocument::documentId).distinct().count() != listed.size()) {
            throw new IllegalArgumentException("a document is listed at most once");
        }
        Money zero = Money.zero(amount.currency());
        Money listedTotal = zero;
        Money applied = zero;
        List<DocumentApplication> applications = new ArrayList<>();
        for (ListedDocument document : listed) {
            listedTotal = listedTotal.plus(document.listed());
            Money take = document.listed().min(document.open().isNegative() ? zero : document.open());
            if (take.isPositive()) {
                applications.add(new DocumentApplication(document.documentId(), take));
                applied = applied.plus(take);
            }
        }
        if (listedTotal.isGreaterThan(amount)) {
            throw new IllegalArgumentException("the listed amounts exceed the payment");
        }
        Money shortfall = listedTotal.minus(applied);
        Money excess = amount.minus(listedTotal);
        if (!applied.isPositive()) {
            return new Allocation(List.of(), zero, zero, amount, PaymentOutcome.NO_OPEN_DOCUMENTS);
        }
        if (shortfall.isPositive()) {
            return new Allocation(applications, applied, zero, shortfall.plus(excess), PaymentOutcome.PARTIALLY_APPLIED);
        }
        if (excess.isPositive()) {
            return new Allocation(applications, applied, excess, zero, PaymentOutcome.CREDITED);
        }
        return new Allocation(applications, applied, zero, zero, PaymentOutcome.APPLIED);
    }
}
