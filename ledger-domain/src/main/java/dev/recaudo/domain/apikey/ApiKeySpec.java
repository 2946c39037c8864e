package dev.recaudo.domain.apikey;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Everything an administrator chooses about a key; rotation copies it unchanged. */
public record ApiKeySpec(
        String name, Set<Permission> permissions, Optional<String> source, KeyEnvironment environment, int rateLimitRpm) {

    public ApiKeySpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(environment, "environment");
        permissions = Set.copyOf(permissions);
    }
}
