package dev.recaudo.rest.auth;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import dev.recaudo.rest.common.RestSettings;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Optional;

/**
 * The credential filter of a family whose caller is an API key. The order of the checks is written
 * once, here, so that every family answers the same request the same way: who is calling (401),
 * whether they are over their rate (429), what the family checks besides, then the company and the
 * permission ({@link KeyGate#authorize}). A family says only how it reads the key and what it counts.
 * The key is looked up before its rate is counted, so a revoked key is {@code 401} at once; a
 * request refused for its rate costs that one read and writes nothing (the key's use is recorded
 * only once its request is admitted).
 */
abstract class KeyFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    KeyGate gate;

    /** Looked up per request: filters are built at static init, before runtime configuration exists. */
    @Inject
    Instance<RestSettings> settings;

    @Override
    public final void filter(ContainerRequestContext request) {
        Method operation = resource.getResourceMethod();
        if (!applies(operation, request)) {
            return;
        }
        KeyPrincipal principal = authenticate(request);
        count(principal, request);
        gate.recordUse(principal);
        admit(principal, request);
        gate.authorize(principal, operation);
    }

    /** Whether this family checks the call; it always does unless it says ({@link SignedKeyRoutes}). */
    boolean applies(Method operation, ContainerRequestContext request) {
        return true;
    }

    /** The credential presented in the family's way, if any: its key, or its token. */
    abstract Optional<String> presented(ContainerRequestContext request);

    /** The key presented, authenticated through {@link #gate}. */
    KeyPrincipal authenticate(ContainerRequestContext request) {
        return gate.authenticate(presented(request));
    }

    /** Counts the request in the family's bucket through {@link KeyGate#limit}. */
    abstract void count(KeyPrincipal principal, ContainerRequestContext request);

    /** What the family checks after the rate and before the permission; nothing unless it says. */
    void admit(KeyPrincipal principal, ContainerRequestContext request) {
    }

    /** The rate of the public invoice API, which the sandbox controls share: per key, within a window. */
    RateLimitPolicy publicRate() {
        RestSettings.Window rate = settings.get().rateLimit().publicApi();
        return new RateLimitPolicy(rate.limit(), Duration.ofSeconds(rate.windowSeconds()));
    }

    /** The key's own {@code rateLimitRpm}, one bucket per key for its X-API-Key and checkout token calls alike. */
    void countAtKeyRate(KeyPrincipal principal) {
        gate.limit("external:" + principal.key().id(), RateLimitPolicy.perMinute(principal.key().rateLimitRpm()));
    }
}
