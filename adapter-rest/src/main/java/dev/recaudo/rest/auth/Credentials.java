package dev.recaudo.rest.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.lang.reflect.Method;
import java.util.Optional;

/** Reading credentials from headers, the same way for every family. */
final class Credentials {

    private static final String BEARER = "bearer ";

    private Credentials() {}

    /** The token of {@code Authorization: Bearer <token>}; the scheme name is case-insensitive. */
    static Optional<String> bearer(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || header.length() <= BEARER.length()
                || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Optional.empty();
        }
        String token = header.substring(BEARER.length()).trim();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }

    static Optional<RequiresPermission> requiredPermission(Method method) {
        return Optional.ofNullable(method.getAnnotation(RequiresPermission.class));
    }
}
