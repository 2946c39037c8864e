package dev.recaudo.application.rail;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: the card payouts received, and the fees booked from their lines. */
public interface CardPayouts {

    /** Stores a payout not seen before; false, and nothing stored, when the company's rail already has that payout id. */
    boolean insert(CardPayout payout);

    /** The payout, locked until the transaction ends. */
    Optional<CardPayout> lock(TenantScope scope, String rail, String payoutId);

    void update(CardPayout payout);

    /**
     * Records the fee of one balance movement (a charge's, a dispute's), named by its kind and the
     * charge's reference; false, and nothing recorded, when that movement's fee was booked before.
     */
    boolean recordFee(TenantScope scope, String rail, BookedFee fee);

    /** A company's payouts, newest first, after {@code after}, at most {@code limit}, with or without a status. */
    List<CardPayout> page(TenantScope scope, Optional<CardPayout.Status> status, Optional<Position> after, int limit);

    record BookedFee(PayoutReport.Kind kind, String sourceReference, String payoutId, UUID paymentId, Money fee,
            UUID transferId, Instant createdAt) {}

    record Position(Instant receivedAt, UUID id) {}
}
