package dev.recaudo.domain.customer;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A keyset page of customers, newest update first: {@code after} is the last row of the previous
 * page, so rows are neither skipped nor repeated while data changes.
 */
public record CustomerListQuery(Optional<String> source, Optional<String> search, Optional<Position> after, int limit) {

    public static final int LIMIT_MAX = 100;
    public static final int LIMIT_DEFAULT = 20;
    public static final int SEARCH_LENGTH_MAX = 200;

    public CustomerListQuery {
        if (limit < 1 || limit > LIMIT_MAX) {
            throw new IllegalArgumentException("limit must be 1 to " + LIMIT_MAX);
        }
    }

    /** A position in the order (updatedAt descending, id descending). */
    public record Position(Instant updatedAt, UUID companyCustomerId) {}
}
