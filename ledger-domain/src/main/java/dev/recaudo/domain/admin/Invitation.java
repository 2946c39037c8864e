package dev.recaudo.domain.admin;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An administrator's invitation of a person to the company, by e-mail and with a role. Its link's
 * token is known by its digest only; accepted once, before it expires and unless revoked, it makes
 * the person a user of the company with the password they choose.
 */
public record Invitation(UUID id, CompanyId companyId, String email, UserRole role, TokenDigest tokenDigest,
        AdminUserId invitedBy, Instant createdAt, Instant expiresAt) {

    public Invitation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(tokenDigest, "tokenDigest");
        Objects.requireNonNull(invitedBy, "invitedBy");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        email = AdminUser.normalizeEmail(email);
        if (!expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("an invitation expires after it is made");
        }
    }

    public boolean openAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
