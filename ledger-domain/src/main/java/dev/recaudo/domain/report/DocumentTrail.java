package dev.recaudo.domain.report;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: what happened to one document, as the ledger booked it and as its events went out, read only. */
public interface DocumentTrail {

    /** At most this many deliveries are listed: a document's recent history, not an export. */
    int DELIVERIES_MAX = 50;

    /** Every entry of the transfers about the document, in booking order. */
    List<BookedEntry> entries(TenantScope scope, DocumentId document);

    /** The latest deliveries of the document's events to the company's endpoints, newest first, at most {@link #DELIVERIES_MAX}. */
    List<EventDelivery> deliveries(TenantScope scope, DocumentId document);

    /** One ledger entry: its id, why its transfer moved money, the account, the amount (positive a debit), when booked. */
    record BookedEntry(long entryId, UUID transferId, TransferKind kind, String account, Money amount, Instant bookedAt) {}

    /** One event's delivery to one endpoint: its state, attempts, and the last attempt's answer if one came. */
    record EventDelivery(UUID deliveryId, UUID eventId, String eventType, Instant eventAt, UUID endpointId, String url, String status,
            int attempts, Optional<Integer> lastStatusCode, Instant updatedAt) {}
}
