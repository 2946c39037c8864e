package dev.recaudo.domain.messaging;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the events query selects: {@code receivedAt} within [from, to] (both inclusive, either
 * open), the recipient phone containing {@code phoneContains}, and one status.
 */
public record EventFilter(Optional<Instant> from, Optional<Instant> to, Optional<String> phoneContains,
        Optional<MessageStatus> status) {

    public EventFilter {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(phoneContains, "phoneContains");
        Objects.requireNonNull(status, "status");
    }
}
