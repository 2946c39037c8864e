package dev.recaudo.domain.common;

import java.util.Objects;
import java.util.UUID;

/**
 * A place in the change order of a synchronized list: the id of the transaction that wrote the
 * row's current version, which the database assigns and never reuses, then the row's id. A
 * transaction id is not a commit order, so lists read only rows of transactions that have
 * finished (below the database's watermark); then every change made after a position is found by
 * reading from that position, however late its transaction committed.
 */
public record ChangePosition(long transactionId, UUID rowId) {

    public ChangePosition {
        Objects.requireNonNull(rowId, "rowId");
        if (transactionId < 0) {
            throw new IllegalArgumentException("transaction ids are not negative");
        }
    }
}
