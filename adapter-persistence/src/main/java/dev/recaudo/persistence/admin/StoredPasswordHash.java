package dev.recaudo.persistence.admin;

import dev.recaudo.domain.admin.UserRole;

/**
 * How a person's password hash is kept in {@code admin_users.password_hash}: as it is for an
 * administrator, behind a {@code !} for a viewer or a clerk. bcrypt reads {@code !$2a$...} as no hash
 * at all, so a release from before roles (v0.1.0, schema V0081), which takes every row for an
 * administrator, signs a viewer or a clerk in as no one during a rolling upgrade or after a rollback,
 * never as an administrator.
 */
final class StoredPasswordHash {

    static final String NOT_AN_ADMINISTRATOR = "!";

    private StoredPasswordHash() {}

    static String of(UserRole role, String hash) {
        return role == UserRole.ADMIN ? hash : NOT_AN_ADMINISTRATOR + hash;
    }

    static String read(String stored) {
        return stored.startsWith(NOT_AN_ADMINISTRATOR) ? stored.substring(NOT_AN_ADMINISTRATOR.length()) : stored;
    }
}
