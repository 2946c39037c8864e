package dev.recaudo.application.rail;

import dev.recaudo.domain.company.CompanyId;

/** Inbound port: an event a card processor posted for one company, verified with that company's webhook secret. */
public interface ProcessorEventsUseCase {

    sealed interface Outcome {
        /** Verified and applied (or, for an event that does nothing, acknowledged). */
        record Applied(ProcessorEvent event) implements Outcome {}

        /** Applied before (a repeat, or a twin that committed first): nothing applied now. */
        record Duplicate(ProcessorEvent event) implements Outcome {}

        /** No such rail, no such company, or no credentials of the company at the rail: told apart to no one. */
        record Unknown() implements Outcome {}

        /** The signature does not hold. */
        record Forged(String reason) implements Outcome {}

        /** The event's object names another company: nothing applied. */
        record OtherCompany() implements Outcome {}
    }

    Outcome receive(String rail, CompanyId company, String payload, String signatureHeader);
}
