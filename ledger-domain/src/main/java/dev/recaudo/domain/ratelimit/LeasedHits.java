package dev.recaudo.domain.ratelimit;

/**
 * Hits taken at once from a window's shared counter: the counter's numbers {@code first()} to
 * {@code last}, which no other taker was given. An instance admits its own requests from them, each
 * under its number, without asking the store again until they run out.
 */
public record LeasedHits(long last, int granted) {

    public LeasedHits {
        if (granted < 1) {
            throw new IllegalArgumentException("a lease grants at least one hit");
        }
        if (last < granted) {
            throw new IllegalArgumentException("a counter holds at least the hits it granted");
        }
    }

    /** The first hit's number in the window. */
    public long first() {
        return last - granted + 1;
    }
}
