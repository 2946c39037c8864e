package dev.recaudo.domain.common;

import java.util.Objects;

/** What a find-or-create or an upsert stored, and whether it was created ({@code isNew}). */
public record Saved<T>(T value, boolean isNew) {

    public Saved {
        Objects.requireNonNull(value, "value");
    }
}
