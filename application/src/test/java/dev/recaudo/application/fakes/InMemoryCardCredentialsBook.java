package dev.recaudo.application.fakes;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Card rail credentials in memory, per company and rail (the table's unique key); a put replaces them. */
public final class InMemoryCardCredentialsBook implements CardCredentialsBook {

    private record Stored(CardCredentials credentials, Instant updatedAt) {}

    private final Map<List<Object>, Stored> rows = new HashMap<>();

    @Override
    public Optional<CardCredentials> of(CompanyId company, String rail) {
        return Optional.ofNullable(rows.get(List.of(company, rail))).map(Stored::credentials);
    }

    @Override
    public Optional<Instant> updatedAt(CompanyId company, String rail) {
        return Optional.ofNullable(rows.get(List.of(company, rail))).map(Stored::updatedAt);
    }

    @Override
    public void put(CompanyId company, String rail, CardCredentials credentials, Instant now) {
        rows.put(List.of(company, rail), new Stored(credentials, now));
    }
}
