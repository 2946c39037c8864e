package dev.recaudo.domain.customer;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A keyset page of customers, newest update first: {@code after} is the last row of the previous
 * page, so rows are neither skipped nor repeated while data changes.
 */
public record CustomerListQuery(Optional<String> source, Optional<String> search, Optional<Position> after, int limit) {

    public static final int SEARCH_LENGTH_MAX = 200;

    public CustomerListQuery {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
    }

    /** A position in the order (updatedAt descending, id descending). */
    public record Position(Instant updatedAt, UUID companyCustomerId) {}
}
