package dev.recaudo.domain.messaging;

/** Counts of stored events over a whole filter. */
public record EventSummary(long total, long sent, long delivered, long read, long failed) {

    public static final EventSummary EMPTY = new EventSummary(0, 0, 0, 0, 0);

    public static EventSummary of(long sent, long delivered, long read, long failed) {
        return new EventSummary(sent + delivered + read + failed, sent, delivered, read, failed);
    }
}
