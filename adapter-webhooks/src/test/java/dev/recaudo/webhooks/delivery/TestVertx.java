package dev.recaudo.webhooks.delivery;

import io.vertx.core.Vertx;

/**
 * One Vert.x instance for all the sender tests of a run, as the service has one; it is made on first
 * use and ends with the test JVM.
 */
final class TestVertx {

    private static final Vertx VERTX = Vertx.vertx();

    private TestVertx() {}

    static Vertx get() {
        return VERTX;
    }
}
