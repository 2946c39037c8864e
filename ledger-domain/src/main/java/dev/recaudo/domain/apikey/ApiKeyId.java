package dev.recaudo.domain.apikey;

import java.util.Objects;
import java.util.UUID;

public record ApiKeyId(UUID value) {
    public ApiKeyId {
        Objects.requireNonNull(value, "value");
    }

    public static ApiKeyId random() {
        return new ApiKeyId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
