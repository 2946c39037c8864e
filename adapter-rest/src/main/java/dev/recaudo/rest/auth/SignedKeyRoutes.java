package dev.recaudo.rest.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.lang.reflect.Method;

/**
 * The operations that take either credential: an administration operation ({@link AdminApi} on its
 * class) that also names {@link IntegrationsApi} on its method (today only the bank statement import).
 * Which filter answers is decided by the request, once, here: a call that carries the integrations
 * signature header is a key's call and only {@link IntegrationsApiFilter} checks it; any other call
 * only {@link AdminApiFilter}. There is one credential check per request, never two.
 */
public final class SignedKeyRoutes {

    private SignedKeyRoutes() {}

    /** Whether the operation takes both the admin JWT and a signed integrations key. */
    static boolean takesBoth(Method operation) {
        return operation != null && operation.isAnnotationPresent(IntegrationsApi.class)
                && operation.getDeclaringClass().isAnnotationPresent(AdminApi.class);
    }

    /** Whether the request presents itself as a key's: it carries {@code Service-Signature}. */
    public static boolean signed(ContainerRequestContext request) {
        return request.getHeaderString(IntegrationsApiFilter.SIGNATURE_HEADER) != null;
    }

    /** The admin filter stands aside: the operation takes both and this call is a key's. */
    static boolean isKeyCall(Method operation, ContainerRequestContext request) {
        return takesBoth(operation) && signed(request);
    }

    /** The integrations filter stands aside: the operation takes both and this call is an administrator's. */
    static boolean isAdminCall(Method operation, ContainerRequestContext request) {
        return takesBoth(operation) && !signed(request);
    }
}
