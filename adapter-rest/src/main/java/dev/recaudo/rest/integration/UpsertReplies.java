package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.IdempotentWrites;

/** The answer of an upsert, a customer's or a document's: its status logged as the outcome, {@code 201} when created. */
final class UpsertReplies {

    static final String CREATED = "created";
    static final String UPDATED = "updated";
    static final String UNCHANGED = "unchanged";

    private UpsertReplies() {}

    static IdempotentWrites.Reply reply(Caller caller, String status, Object body) {
        caller.outcome(status, null);
        return new IdempotentWrites.Reply(CREATED.equals(status) ? 201 : 200, body);
    }
}
