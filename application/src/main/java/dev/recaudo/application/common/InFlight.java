package dev.recaudo.application.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.webhook.AttemptResult;
import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The attempts this instance has in flight, per lane, and the room left under the lane's bound. A
 * claim reserves its places before it runs and gives back what it did not fill; each attempt is
 * followed until its outcome is recorded, and ends then. A lane's claims run one at a time (each lane has scheduled
 * runs of its own, {@link LaneRuns}) and ends on other threads: between a claim's question and its
 * report only ends can happen in that lane, which make the room larger, so the bound always holds.
 * Each end is reported to {@code ended}, which may claim again into the room it left. Once
 * {@link #close() closed} (the instance is stopping) no lane has room any more, so nothing more is
 * claimed or handed on, and {@link #awaitIdle} waits for the attempts already started to end.
 */
public final class InFlight {

    private final int max;
    private final Consumer<KeyEnvironment> ended;
    private final Map<KeyEnvironment, AtomicInteger> lanes = new EnumMap<>(KeyEnvironment.class);
    private volatile boolean closed;

    public InFlight(int max) {
        this(max, lane -> {});
    }

    public InFlight(int max, Consumer<KeyEnvironment> ended) {
        if (max < 1) {
            throw new IllegalArgumentException("a lane holds at least one attempt");
        }
        this.max = max;
        this.ended = ended;
        for (KeyEnvironment lane : KeyEnvironment.values()) {
            lanes.put(lane, new AtomicInteger());
        }
    }

    /** Attempts the lane may still start: none once closed. */
    public int room(KeyEnvironment lane) {
        return closed ? 0 : Math.max(0, max - lanes.get(lane).get());
    }

    /**
     * Takes up to {@code wanted} of the lane's places for a claim about to run, before it runs (none
     * once closed), and answers how many. They count as in flight at once, so a stop that waits for
     * the lane to be idle waits for the claim too; the claim gives back what it did not fill
     * ({@link #release}). Against {@link #close()} it is all or nothing: a claim reserves before the
     * close and is waited for, or after it and gets nothing.
     */
    public synchronized int reserve(KeyEnvironment lane, int wanted) {
        int places = Math.min(wanted, room(lane));
        lanes.get(lane).addAndGet(places);
        return places;
    }

    /** Gives back places a claim reserved and did not fill. */
    public void release(KeyEnvironment lane, int places) {
        if (places > 0) {
            lanes.get(lane).addAndGet(-places);
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** Leaves no room in any lane from now on: the attempts started and the claims under way go on, no other starts. */
    public synchronized void close() {
        closed = true;
    }

    /**
     * Waits until no attempt is in flight in any lane, for {@code within} at most; answers how many
     * are still in flight then (0: every attempt started has ended, its outcome recorded or dropped).
     */
    public synchronized int awaitIdle(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        for (int left = inFlight(); ; left = inFlight()) {
            long wait = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left == 0 || wait <= 0) {
                return left;
            }
            wait(wait);
        }
    }

    private int inFlight() {
        return lanes.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /**
     * Follows one attempt the lane started: {@code send} makes it; its outcome is recorded on the
     * {@code recorder}'s threads, never on the HTTP client's (a sender that failed, or broke its
     * promise and failed its stage, instead of reporting an outcome counts as an attempt not sent);
     * then the attempt ends here, and a recording that failed is handed to {@code unrecorded}. A
     * recording that answers {@code true} handed the attempt's place to a next attempt it started and
     * follows: the place stays taken, and nothing ends.
     */
    public void follow(KeyEnvironment lane, Supplier<CompletionStage<SendOutcome>> send, Predicate<SendOutcome> record,
            Executor recorder, Consumer<Throwable> unrecorded) {
        CompletionStage<SendOutcome> sending;
        try {
            sending = send.get();
        } catch (RuntimeException e) {
            sending = CompletableFuture.failedFuture(e);
        }
        sending.handle((outcome, failure) -> outcome != null ? outcome
                        : SendOutcome.failed(AttemptResult.NOT_SENT, "the request could not be made: " + failure.getMessage(), 0))
                .thenApplyAsync(record::test, recorder)
                .whenComplete((handedOver, failure) -> {
                    if (Boolean.TRUE.equals(handedOver)) {
                        return;
                    }
                    lanes.get(lane).decrementAndGet();
                    synchronized (this) {
                        notifyAll();
                    }
                    if (failure != null) {
                        unrecorded.accept(failure);
                    }
                    ended.accept(lane);
                });
    }
}
