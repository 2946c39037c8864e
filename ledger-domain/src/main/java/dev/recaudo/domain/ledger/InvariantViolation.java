package dev.recaudo.domain.ledger;

import java.util.Objects;

/**
 * One row that breaks an invariant, described by its ids and amounts only (a document, payment or
 * transfer id, statuses, minor units), so the description may be logged: it carries no customer data.
 */
public record InvariantViolation(LedgerInvariant invariant, String row) {

    public InvariantViolation {
        Objects.requireNonNull(invariant, "invariant");
        Objects.requireNonNull(row, "row");
    }

    @Override
    public String toString() {
        return invariant + " " + invariant.rule() + ": " + row;
    }
}
