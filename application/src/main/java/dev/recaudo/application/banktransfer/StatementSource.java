package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import java.util.Optional;

/**
 * A statement read as a stream: its header, then its entries one at a time, so that a file of
 * several MiB is never held whole. A source that meets bad input throws {@link Malformed} naming the line.
 */
public interface StatementSource {

    /** Reads up to the first entry; called once, before {@link #next}. */
    StatementHeader header();

    /** The next entry, empty at the end of the statement. */
    Optional<StatementLine> next();

    /** The input is not a statement this source reads; {@code line} is the line of the file where it failed. */
    final class Malformed extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final long line;

        public Malformed(long line, String message) {
            super(message);
            this.line = line;
        }

        public long line() {
            return line;
        }
    }
}
