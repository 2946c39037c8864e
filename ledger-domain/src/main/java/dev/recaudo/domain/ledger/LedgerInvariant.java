package dev.recaudo.domain.ledger;

/**
 * The invariants every document, payment and transfer keeps (issues 12 and 22), in the order they are
 * checked. Each names the rule it states, so a report line reads on its own.
 */
public enum LedgerInvariant {
    /** Balance = total - applied - annulled, and it equals the ledger balance of the document's receivable. */
    I1("balance = total - applied - annulled = receivable"),
    /** No balance below zero or above its total. */
    I2("0 <= balance <= total"),
    /** In the application currency, amount = applied + credit + unapplied. */
    I3("amount = applied + credit + unapplied + returned; a pending refund holds its amount in flight"),
    /** Every transfer's entries sum to zero in each currency. */
    I4("every transfer balances"),
    /**
     * A customer's credit in a currency is never negative nor above what {@code CREDIT_CREATED}
     * transfers put in it, and that equals the credit its payments recorded.
     */
    I5("0 <= customer credit <= credit created; customer credit = credit its payments hold");

    private final String rule;

    LedgerInvariant(String rule) {
        this.rule = rule;
    }

    public String rule() {
        return rule;
    }
}
