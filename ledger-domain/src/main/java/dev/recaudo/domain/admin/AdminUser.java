package dev.recaudo.domain.admin;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * A person who administers one company: manages its API keys and webhook endpoints. The e-mail is
 * the login name, unique across Recaudo and kept in lower case; only a slow hash of the password
 * is stored.
 */
public record AdminUser(AdminUserId id, CompanyId companyId, String email, String passwordHash, Instant createdAt) {

    public static final int PASSWORD_LENGTH_MIN = 8;
    /** bcrypt reads at most 72 bytes; longer passwords would be silently truncated. */
    public static final int PASSWORD_BYTES_MAX = 72;

    public AdminUser {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(passwordHash, "passwordHash");
        Objects.requireNonNull(createdAt, "createdAt");
        email = normalizeEmail(email);
    }

    public static String normalizeEmail(String email) {
        Objects.requireNonNull(email, "email");
        return email.trim().toLowerCase(Locale.ROOT);
    }
}
