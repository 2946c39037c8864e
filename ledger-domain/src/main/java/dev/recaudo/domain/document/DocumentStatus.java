package dev.recaudo.domain.document;

import java.util.Arrays;
import java.util.Optional;

/** The status of a collection document, named as the public invoice API shows it. */
public enum DocumentStatus {
    CREATED,
    PAID,
    CONCILIATED,
    PAID_FROM_PROVIDER,
    DELETE_FROM_PROVIDER,
    FAILED;

    public static Optional<DocumentStatus> parse(String text) {
        return Arrays.stream(values()).filter(s -> s.name().equals(text)).findFirst();
    }
}
