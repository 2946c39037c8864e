package dev.recaudo.domain.document;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** How a document came in: the public invoice API or the integrations API. */
public enum Channel {
    /** Its due date is a calendar date, kept as that date's midnight in UTC. */
    PUBLIC_INVOICE,
    /** Its due date is a moment the partner sent with its offset. */
    INTEGRATION;

    /** The day a document of this channel is due, in the calendar of {@code zone}. */
    public LocalDate dueDay(Instant dueAt, ZoneId zone) {
        return LocalDate.ofInstant(dueAt, this == PUBLIC_INVOICE ? ZoneOffset.UTC : zone);
    }
}
