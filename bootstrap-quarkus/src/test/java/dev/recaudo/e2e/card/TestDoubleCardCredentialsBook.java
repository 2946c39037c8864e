package dev.recaudo.e2e.card;

import dev.recaudo.application.rail.CardCredentials;
import dev.recaudo.application.rail.CardCredentialsBook;
import dev.recaudo.domain.company.CompanyId;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TEST DOUBLE (hosted-card branch): an in-memory {@link CardCredentialsBook} standing for the sealed
 * one the credentials branch adds to adapter-persistence; the merge deletes this file.
 */
@ApplicationScoped
public class TestDoubleCardCredentialsBook implements CardCredentialsBook {

    private final Map<String, CardCredentials> sets = new ConcurrentHashMap<>();

    @Override
    public Optional<CardCredentials> of(CompanyId company, String rail) {
        return Optional.ofNullable(sets.get(company.value() + "/" + rail));
    }

    @Override
    public void put(CompanyId company, String rail, CardCredentials credentials, Instant now) {
        sets.put(company.value() + "/" + rail, credentials);
    }
}
