package dev.recaudo.domain.admin;

import java.util.Objects;
import java.util.UUID;

public record AdminUserId(UUID value) {
    public AdminUserId {
        Objects.requireNonNull(value, "value");
    }

    public static AdminUserId random() {
        return new AdminUserId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
