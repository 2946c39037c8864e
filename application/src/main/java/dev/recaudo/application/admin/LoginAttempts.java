package dev.recaudo.application.admin;

import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.admin.AdminUser;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Failed administrator logins, counted so that guessing a password is slow while nobody can lock the
 * real administrator out just by knowing the e-mail address (docs/decisions.md, "Login is
 * rate-limited"). Three counters of the shared rate limiter, each a window of a minute: failures
 * per e-mail address and client together, per client network ({@link ClientAddress}), and per
 * e-mail address, a ceiling above what one network may try, which only an attack from many
 * networks reaches.
 *
 * <p>A login takes one failure's room in all three before its password is checked, so that
 * concurrent guesses cannot pass a limit between their checks and their counts. A failure keeps
 * it; a success gives it back, and clears the failures of its e-mail address from its client
 * address, so that the administrator's own mistakes do not linger.
 */
public final class LoginAttempts {

    /**
     * Failed logins a minute: per e-mail address and client address, per client address, and per
     * e-mail address from all addresses together.
     */
    public record Limits(int perEmailAndAddress, int perAddress, int perEmail) {

        public Limits {
            if (perEmailAndAddress < 1 || perAddress < 1 || perEmail < 1) {
                throw new IllegalArgumentException("login limits must be positive");
            }
        }
    }

    /** A login let through to its password check, holding one failure's room in each counter. */
    public static final class Attempt {

        private final String pairBucket;
        private final List<Taken> taken;

        private Attempt(String pairBucket, List<Taken> taken) {
            this.pairBucket = pairBucket;
            this.taken = List.copyOf(taken);
        }
    }

    /** Whether a login may have its password checked now. */
    public sealed interface Admission {
        record Admitted(Attempt attempt) implements Admission {}

        /** A counter is full: the decision says which window, and when it resets. */
        record Refused(RateLimitDecision decision) implements Admission {}
    }

    private record Counter(String bucket, RateLimitPolicy policy) {}

    private record Taken(Counter counter, RateLimitDecision decision) {}

    private final RateLimiter limiter;
    private final RateLimitPolicy perEmailAndAddress;
    private final RateLimitPolicy perAddress;
    private final RateLimitPolicy perEmail;

    public LoginAttempts(RateLimiter limiter, Limits limits) {
        this.limiter = Objects.requireNonNull(limiter, "limiter");
        this.perEmailAndAddress = RateLimitPolicy.perMinute(limits.perEmailAndAddress());
        this.perAddress = RateLimitPolicy.perMinute(limits.perAddress());
        this.perEmail = RateLimitPolicy.perMinute(limits.perEmail());
    }

    /**
     * Takes one failure's room in each counter of the e-mail address and the client address, or
     * answers the first full one, giving back what it took. The pair counter names the client, the
     * address counter its network (an IPv6 /48), so that rotating addresses within a network buys
     * no more failures.
     *
     * @param clientAddress the caller's address as the edge established it: never chosen by the
     *     caller, and without spaces
     */
    public Admission admit(String email, ClientAddress clientAddress) {
        String normalized = AdminUser.normalizeEmail(email);
        // The address has no space, so the first one ends it: no two pairs share a bucket.
        Counter pair = new Counter("login:address+email:" + clientAddress.client() + " " + normalized,
                perEmailAndAddress);
        List<Counter> counters = List.of(pair,
                new Counter("login:address:" + clientAddress.network(), perAddress),
                new Counter("login:email:" + normalized, perEmail));
        List<Taken> taken = new ArrayList<>();
        for (Counter counter : counters) {
            RateLimitDecision decision = limiter.consumeUnauthenticated(counter.bucket(), counter.policy());
            if (!decision.allowed()) {
                taken.forEach(this::giveBack);
                return new Admission.Refused(decision);
            }
            taken.add(new Taken(counter, decision));
        }
        return new Admission.Admitted(new Attempt(pair.bucket(), taken));
    }

    /**
     * The password was right: the attempt was no failure, and the failures of its e-mail address
     * from its client address are forgotten, on every instance. A failed attempt needs no call: it
     * keeps the room it took.
     */
    public void succeeded(Attempt attempt) {
        for (Taken taken : attempt.taken) {
            if (taken.counter().bucket().equals(attempt.pairBucket)) {
                limiter.clearUnauthenticated(attempt.pairBucket, perEmailAndAddress);
            } else {
                giveBack(taken);
            }
        }
    }

    private void giveBack(Taken taken) {
        limiter.releaseUnauthenticated(taken.counter().bucket(), taken.counter().policy(), taken.decision());
    }
}
