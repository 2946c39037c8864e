package dev.recaudo.domain.document;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The informational data of a document: what a full replacement changes without touching money.
 * {@code dueAt} is an instant; the public API's {@code due_date} is its date at midnight UTC.
 */
public record DocumentDetails(
        String name,
        Optional<String> description,
        Optional<String> phone,
        Optional<String> email,
        Optional<String> invoiceNumber,
        Optional<Instant> issueDate,
        Optional<Instant> dueAt) {

    public DocumentDetails {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(invoiceNumber, "invoiceNumber");
        Objects.requireNonNull(issueDate, "issueDate");
        Objects.requireNonNull(dueAt, "dueAt");
    }
}
