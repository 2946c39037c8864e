package dev.recaudo.domain.banktransfer;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A statement credit proposed for a pending checkout, with how sure the proposal is (0 to 100) and
 * why. OPEN until a person confirms or dismisses it, once; a credit that needs two people
 * ({@link SecondConfirmations}) names who confirmed it first ({@code firstConfirmedBy}) while it waits.
 */
public record Proposal(UUID id, UUID entryId, UUID checkoutId, int confidence, String reason, String status,
        StatementLine line, Instant createdAt, Optional<UUID> firstConfirmedBy) {

    public boolean isOpen() {
        return "OPEN".equals(status);
    }
}
