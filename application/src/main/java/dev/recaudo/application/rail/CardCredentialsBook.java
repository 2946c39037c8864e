package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Optional;

/** Port: each company's card-rail credentials, sealed at rest like the other secrets (adapter-persistence). */
public interface CardCredentialsBook {

    Optional<CardCredentials> of(CompanyId company, String rail);

    /** When the company's credentials at the rail were last set; empty when they never were. */
    Optional<Instant> updatedAt(CompanyId company, String rail);

    /** Sets or rotates them; the old ones stop working at once. */
    void put(CompanyId company, String rail, CardCredentials credentials, Instant now);
}
