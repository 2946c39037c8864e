package dev.recaudo.domain.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: a customer's account as the ledger booked it: the entries of its documents' receivables and
 * of its credit, read only. A receivable's entry is what the customer owes (a debit adds to it);
 * a credit entry is what the company owes it back (a credit takes from the balance).
 */
public interface CustomerStatements {

    /** The sum of the customer's entries booked before {@code before}, in each currency it has any. */
    List<Opening> openings(TenantScope scope, UUID companyCustomerId, Instant before);

    /**
     * The customer's entries booked from {@code from} (inclusive) to {@code until} (exclusive), in
     * booking order, at most {@code limit}.
     */
    List<StatementEntry> entries(TenantScope scope, UUID companyCustomerId, Instant from, Instant until, int limit);

    record Opening(CurrencyCode currency, long amountMinor) {}

    /**
     * One entry: its id and booking time, the transfer's reason, its signed amount (positive: the
     * customer owes more), the document it is about (by its number or name) and the payment, and the
     * value time the money moved at by the business's account (a payment's date, a document's issue
     * date), which may differ from the booking.
     */
    record StatementEntry(long entryId, Instant bookedAt, TransferKind kind, CurrencyCode currency, long amountMinor,
            Optional<String> document, Optional<String> payment, Optional<Instant> valueAt) {}
}
