package dev.recaudo.domain.messaging;

import dev.recaudo.domain.common.WireNamed;
import java.util.Locale;
import java.util.Optional;

/** The statuses of a sent message that Recaudo keeps (the Cloud API's {@code statuses[].status}). */
public enum MessageStatus implements WireNamed {
    SENT,
    DELIVERED,
    READ,
    FAILED;

    @Override
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status named exactly as the API names it; empty for any other text (other statuses are not kept). */
    public static Optional<MessageStatus> fromWireName(String text) {
        return WireNamed.find(values(), text);
    }
}
