package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.IdempotentWrites;

/** The answer of an upsert, a customer's or a document's: its status audited as the outcome, {@code 201} when created. */
final class UpsertReplies {

    static final String CREATED = "created";
    static final String UPDATED = "updated";
    static final String UNCHANGED = "unchanged";

    private UpsertReplies() {}

    static IdempotentWrites.Reply reply(String status, Object body) {
        return IdempotentWrites.Reply.audited(CREATED.equals(status) ? 201 : 200, body, status, null);
    }
}
