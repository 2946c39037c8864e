package dev.recaudo.application.card;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code n}-th processor session of a checkout, as Recaudo recorded it. {@code OPENING} reserves
 * {@code n} (and so the idempotency key {@code recaudo-session-<checkoutId>-<n>}) before the processor
 * is called; the session's id and URL arrive with {@code OPEN}. At most one is opening or open per checkout.
 */
public record CardSession(TenantScope scope, UUID checkoutId, int n, String rail, Optional<String> sessionId,
        Optional<String> url, Money amount, State state, Instant createdAt, Instant updatedAt) {

    public enum State {
        OPENING,
        OPEN,
        COMPLETE,
        EXPIRED
    }

    public CardSession {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(checkoutId, "checkoutId");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(state, "state");
        if ((state == State.OPENING) != sessionId.isEmpty() || sessionId.isPresent() != url.isPresent()) {
            throw new IllegalArgumentException("a session has its id and URL once, and only once, it is no longer opening");
        }
    }

    public static CardSession opening(TenantScope scope, UUID checkoutId, int n, String rail, Money amount, Instant now) {
        return new CardSession(scope, checkoutId, n, rail, Optional.empty(), Optional.empty(), amount, State.OPENING, now, now);
    }

    /** The processor's idempotency key of this session: a second call under it answers the same session. */
    public String idempotencyKey() {
        return "recaudo-session-" + checkoutId + "-" + n;
    }

    public boolean isLive() {
        return state == State.OPENING || state == State.OPEN;
    }

    public CardSession opened(String id, String sessionUrl, Instant now) {
        return new CardSession(scope, checkoutId, n, rail, Optional.of(id), Optional.of(sessionUrl), amount, State.OPEN,
                createdAt, now);
    }

    public CardSession moved(State target, Instant now) {
        return new CardSession(scope, checkoutId, n, rail, sessionId, url, amount, target, createdAt, now);
    }
}
