package dev.recaudo.domain.admin;

import dev.recaudo.domain.common.WireNamed;

/**
 * What a person of a company may do, each role everything the one before may: a viewer reads; a
 * clerk also confirms and dismisses reconciliation proposals; an administrator also manages keys,
 * endpoints, rails and people, and is the only one who uses the administration API.
 */
public enum UserRole implements WireNamed {
    VIEWER("viewer"),
    CLERK("clerk"),
    ADMIN("admin");

    private final String wireName;

    UserRole(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** Whether this role may do what {@code needed} may. */
    public boolean allows(UserRole needed) {
        return compareTo(needed) >= 0;
    }
}
