package dev.recaudo.rest.common;

import dev.recaudo.domain.ratelimit.RateLimitDecision;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Adds {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset} to every response of a
 * request that was counted, success or error alike.
 */
public class RateLimitHeaders {

    private final Caller caller;

    public RateLimitHeaders(Caller caller) {
        this.caller = caller;
    }

    @ServerResponseFilter
    public void addHeaders(ContainerResponseContext response) {
        Optional<RateLimitDecision> decision = caller.rateLimit();
        decision.ifPresent(d -> {
            response.getHeaders().putSingle("X-RateLimit-Limit", d.limit());
            response.getHeaders().putSingle("X-RateLimit-Remaining", d.remaining());
            response.getHeaders().putSingle("X-RateLimit-Reset", d.resetAt().getEpochSecond());
        });
    }
}
