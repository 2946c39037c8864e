package dev.recaudo.domain.messaging;

import java.util.Locale;
import java.util.Optional;

/** The statuses of a sent message that Recaudo keeps (the Cloud API's {@code statuses[].status}). */
public enum MessageStatus {
    SENT,
    DELIVERED,
    READ,
    FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status named exactly as the API names it; empty for any other text (other statuses are not kept). */
    public static Optional<MessageStatus> fromWireName(String text) {
        for (MessageStatus status : values()) {
            if (status.wireName().equals(text)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
