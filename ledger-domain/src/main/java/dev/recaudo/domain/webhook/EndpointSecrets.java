package dev.recaudo.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The secrets that sign an endpoint's deliveries: the current one, and after a rotation the one it
 * replaced, which keeps signing until its overlap ends so that a receiver can switch to the new
 * secret without refusing a delivery in between. The Standard Webhooks header carries one
 * signature per secret, the current one first.
 *
 * <p>{@code current} is empty when the stored secret is refused (it does not open, or it is plaintext
 * planted where plaintext is refused): the endpoint is still shown and removed like any other, it
 * signs nothing, and rotating it is the recovery. A refused previous secret is read as none: it
 * cannot sign either, and the next rotation drops it.
 */
public record EndpointSecrets(Optional<String> current, Optional<Previous> previous) {

    /** The longest overlap a rotation may ask for: a replaced secret signs for a week at most. */
    public static final long OVERLAP_MAX_SECONDS = 7 * 24 * 60 * 60;

    /** A replaced secret, signing until {@code expiresAt} (excluded). */
    public record Previous(String secret, Instant expiresAt) {
        public Previous {
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(expiresAt, "expiresAt");
        }
    }

    public EndpointSecrets {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(previous, "previous");
    }

    /** The secrets of a new endpoint: one, nothing replaced. */
    public static EndpointSecrets of(String current) {
        return new EndpointSecrets(Optional.of(current), Optional.empty());
    }

    /**
     * What signs an attempt made at {@code attemptedAt}: the current secret, then the previous one while it lasts.
     *
     * @throws IllegalStateException when the current secret is refused: nothing is sent without it
     */
    public List<String> signingAt(Instant attemptedAt) {
        String signing = current.orElseThrow(() -> new IllegalStateException("a refused current secret signs nothing"));
        return previous.filter(p -> attemptedAt.isBefore(p.expiresAt()))
                .map(p -> List.of(signing, p.secret()))
                .orElse(List.of(signing));
    }

    /**
     * {@code fresh} becomes the current secret and the current one signs for {@code overlap} more.
     * A secret still in its own overlap is dropped at once: only two secrets ever sign, so a second
     * rotation ends the first one's overlap (the receiver has had the newer secret since then). A
     * refused current secret is dropped too: it never signed, so there is nothing to overlap.
     */
    public EndpointSecrets rotatedTo(String fresh, Instant now, Duration overlap) {
        if (overlap.isNegative() || overlap.getSeconds() > OVERLAP_MAX_SECONDS) {
            throw new IllegalArgumentException("overlap must be 0 to " + OVERLAP_MAX_SECONDS + " seconds: " + overlap);
        }
        return new EndpointSecrets(Optional.of(fresh), current.map(replaced -> new Previous(replaced, now.plus(overlap))));
    }
}
