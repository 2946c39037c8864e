package dev.recaudo.domain.admin;

import dev.recaudo.domain.company.CompanyId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * A person of one company, with a role ({@link UserRole}): the administrator the operator created
 * with the company, or someone an administrator invited. The e-mail is the login name, unique across
 * Recaudo and kept in lower case; only a slow hash of the password is stored.
 */
public record AdminUser(AdminUserId id, CompanyId companyId, String email, String passwordHash, UserRole role, Instant createdAt) {

    public static final int PASSWORD_LENGTH_MIN = 8;
    /** bcrypt reads at most 72 bytes; longer passwords would be silently truncated. */
    public static final int PASSWORD_BYTES_MAX = 72;

    public AdminUser {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(passwordHash, "passwordHash");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(createdAt, "createdAt");
        email = normalizeEmail(email);
    }

    /** Whether a password may be set: at least {@link #PASSWORD_LENGTH_MIN} characters and at most {@link #PASSWORD_BYTES_MAX} bytes. */
    public static boolean acceptablePassword(String password) {
        return password != null && password.length() >= PASSWORD_LENGTH_MIN
                && password.getBytes(StandardCharsets.UTF_8).length <= PASSWORD_BYTES_MAX;
    }

    public static String normalizeEmail(String email) {
        Objects.requireNonNull(email, "email");
        return email.trim().toLowerCase(Locale.ROOT);
    }
}
