package dev.recaudo.domain.customer;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A keyset page of customers, newest update first: {@code after} is the last row of the previous
 * page, so rows are neither skipped nor repeated while data changes.
 *
 * @param source the partner whose customers are listed; empty: every partner's
 * @param reader the partner reading the list, who sees only its own links and data; empty for a key
 *     without a source, which reads every partner's
 */
public record CustomerListQuery(
        Optional<String> source, Optional<String> reader, Optional<String> search, Optional<Position> after, int limit) {

    public static final int SEARCH_LENGTH_MAX = 200;

    public CustomerListQuery {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
        if (reader.isPresent() && !reader.equals(source)) {
            throw new IllegalArgumentException("a partner lists only its own customers");
        }
    }

    /** A position in the order (updatedAt descending, id descending). */
    public record Position(Instant updatedAt, UUID companyCustomerId) {}
}
