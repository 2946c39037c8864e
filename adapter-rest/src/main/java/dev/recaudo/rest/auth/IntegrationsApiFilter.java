package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.IdempotentWrites;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.StatementBody;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.ext.Provider;
import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * Partner integrations API. Checks, in order: the Bearer key, the key's rate, the timestamp
 * window, the signature, that the key belongs to the path's company, the idempotency key on POST,
 * and the company and permission. The body is read here, verified, and handed on unchanged.
 *
 * <p>The signed path is the raw path without the query string. A client may sign the path with
 * its query string ({@code /path?a=1}) instead, which also protects the query; either is accepted.
 *
 * <p>Whether a write's signature was already used is not decided here but by its idempotency claim
 * ({@link IdempotentWrites}), in the transaction of its work, so that only work that commits takes it.
 */
@Provider
@IntegrationsApi
@Priority(Priorities.AUTHENTICATION)
public class IntegrationsApiFilter extends KeyFilter {

    public static final String TIMESTAMP_HEADER = "Service-Timestamp";
    public static final String SIGNATURE_HEADER = "Service-Signature";
    public static final String IDEMPOTENCY_HEADER = IdempotentWrites.INTEGRATIONS_HEADER;
    static final int IDEMPOTENCY_KEY_LENGTH_MAX = 255;

    @Inject
    Clock clock;

    @Inject
    RoutingContext routing;

    /** An operation that also takes the admin JWT is checked here only when the call is signed. */
    @Override
    boolean applies(java.lang.reflect.Method operation, ContainerRequestContext request) {
        return !SignedKeyRoutes.isAdminCall(operation, request);
    }

    @Override
    Optional<String> presented(ContainerRequestContext request) {
        return Credentials.bearer(request);
    }

    @Override
    void count(KeyPrincipal principal, ContainerRequestContext request) {
        gate.limit("integrations:" + principal.key().id(),
                RateLimitPolicy.perMinute(settings.get().rateLimit().integrations().perMinute()));
    }

    /** The key authenticated, so it was presented: it is also what the signature is keyed with. */
    @Override
    void admit(KeyPrincipal principal, ContainerRequestContext request) {
        String presentedKey = Credentials.bearer(request).orElseThrow();
        String timestamp = request.getHeaderString(TIMESTAMP_HEADER);
        if (!RequestSignature.isTimestamp(timestamp)) {
            throw new ApiProblem(Problem.INVALID_TIMESTAMP, TIMESTAMP_HEADER + " must be Unix seconds as 10 digits");
        }
        long toleranceSeconds = settings.get().integrations().signatureToleranceSeconds();
        if (!RequestSignature.isWithinWindow(timestamp, clock.instant(), toleranceSeconds)) {
            throw new ApiProblem(Problem.INVALID_TIMESTAMP,
                    TIMESTAMP_HEADER + " is more than " + toleranceSeconds + " seconds from server time");
        }
        String signature = request.getHeaderString(SIGNATURE_HEADER);
        if (!RequestSignature.hasShape(signature)) {
            throw new ApiProblem(Problem.INVALID_SIGNATURE, SIGNATURE_HEADER + " must be v1= followed by 64 lower-case hex characters");
        }
        URI uri = request.getUriInfo().getRequestUri();
        RequestSignature.Verifier verifier = new RequestSignature.Verifier(presentedKey, timestamp, request.getMethod(),
                uri.getRawPath(), uri.getRawQuery());
        if (request.hasEntity()) {
            boolean statement = StatementBody.Route.isImport(request.getUriInfo().getPath());
            InputStream body = SignedBody.read(request.getEntityStream(), statement
                    ? settings.get().bankStatements().maxBytes()
                    : settings.get().http().bodyBytesMax(), statement, verifier);
            // A statement's file is let go of when the exchange ends, whoever refused or read it (or nobody).
            routing.addEndHandler(ended -> SignedBody.close(body));
            request.setEntityStream(body);
        }
        if (!verifier.verifies(signature)) {
            throw new ApiProblem(Problem.INVALID_SIGNATURE, "The request signature does not match");
        }

        UUID companyId = PathIds.uuid("companyId", request.getUriInfo().getPathParameters().getFirst("companyId"));
        if (!principal.companyId().value().equals(companyId)) {
            throw new ApiProblem(Problem.FORBIDDEN, "The API key is not linked to company " + companyId);
        }
        if ("POST".equals(request.getMethod())) {
            String idempotencyKey = request.getHeaderString(IDEMPOTENCY_HEADER);
            if (idempotencyKey == null || idempotencyKey.isBlank()) {
                throw new ApiProblem(Problem.MISSING_IDEMPOTENCY_KEY, IDEMPOTENCY_HEADER + " is required on POST");
            }
            if (idempotencyKey.length() > IDEMPOTENCY_KEY_LENGTH_MAX) {
                throw ApiProblem.validation(IDEMPOTENCY_HEADER, "must have at most " + IDEMPOTENCY_KEY_LENGTH_MAX + " characters");
            }
        }
    }
}
