package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** Inbound port: a company's admin sets its credentials at a card rail, and reads whether they are set (never them). */
public interface PaymentRailsUseCase {

    sealed interface PutResult {
        record Saved(Instant updatedAt) implements PutResult {}

        /** The service has no adapter for the rail. */
        record UnknownRail() implements PutResult {}

        /** Per field, why its value is refused; nothing was stored. */
        record Invalid(Map<String, String> errors) implements PutResult {}
    }

    /** Sets or rotates the company's credentials at the rail; the old ones stop working at once. */
    PutResult put(CompanyId company, String rail, String secretKey, String webhookSecret);

    /**
     * When the company's credentials at the rail were last set: empty when never.
     *
     * @throws IllegalArgumentException for a rail the service has no adapter for (see {@link #known})
     */
    Optional<Instant> configuredAt(CompanyId company, String rail);

    boolean known(String rail);
}
