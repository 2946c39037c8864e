package dev.recaudo.domain.admin;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A person signed in to the company console. It is known by the hash of its id only (the id is the
 * browser's cookie), belongs to one administrator of one company, shows one environment's data at a
 * time, and lasts while it is used: it ends {@code idle} after its last request and at {@code
 * endsAt} whatever happens, or when it is ended (signed out, or the password changed).
 */
public record ConsoleSession(TokenDigest idHash, CompanyId companyId, AdminUserId adminUserId,
        KeyEnvironment environment, Instant createdAt, Instant lastSeenAt, Instant endsAt) {

    public ConsoleSession {
        Objects.requireNonNull(idHash, "idHash");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(adminUserId, "adminUserId");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastSeenAt, "lastSeenAt");
        Objects.requireNonNull(endsAt, "endsAt");
        if (!endsAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a session ends after it begins");
        }
    }

    /** Whether it may still be used at {@code now}: before its end, and used within {@code idle}. */
    public boolean activeAt(Instant now, Duration idle) {
        return now.isBefore(endsAt) && now.isBefore(lastSeenAt.plus(idle));
    }
}
