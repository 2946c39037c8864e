package dev.recaudo.webhooks.delivery;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.TimeoutException;

/** Time limits on the steps of an asynchronous attempt, kept with Vert.x timers: no thread waits for them. */
final class Deadlines {

    private Deadlines() {}

    /**
     * The future's result, or a {@link TimeoutException} once {@code millis} have passed; a result
     * that arrives after that is handed to {@code late}, to close what it opened.
     */
    static <T> Future<T> within(Vertx vertx, Future<T> future, long millis, Handler<T> late) {
        Promise<T> bounded = Promise.promise();
        long timer = vertx.setTimer(Math.max(1, millis), fired -> bounded.tryFail(new TimeoutException()));
        future.onComplete(result -> {
            vertx.cancelTimer(timer);
            boolean taken = result.succeeded() ? bounded.tryComplete(result.result()) : bounded.tryFail(result.cause());
            if (!taken && result.succeeded()) {
                late.handle(result.result());
            }
        });
        return bounded.future();
    }
}
