package dev.recaudo.application.rail;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A card processor's payout as Recaudo received it: {@code MATCHED} once every line settled a known
 * payment and the lines added up (fees booked, documents conciliated), else {@code UNMATCHED} with the
 * reason, for a person to look at.
 */
public record CardPayout(UUID id, TenantScope scope, String rail, String payoutId, Money amount, Status status,
        Optional<String> reason, int linesCount, Instant receivedAt, Instant updatedAt) {

    public enum Status {
        MATCHED,
        UNMATCHED
    }

    public CardPayout {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        if ((status == Status.UNMATCHED) != reason.isPresent()) {
            throw new IllegalArgumentException("an unmatched payout, and only an unmatched payout, has a reason");
        }
    }

    public CardPayout matched(Instant now) {
        return new CardPayout(id, scope, rail, payoutId, amount, Status.MATCHED, Optional.empty(), linesCount, receivedAt, now);
    }
}
