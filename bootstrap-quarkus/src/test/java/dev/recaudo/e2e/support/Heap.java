package dev.recaudo.e2e.support;

import java.lang.management.ManagementFactory;

/** The heap as the tests measure it: {@code @QuarkusTest} runs the service in the test's own JVM. */
public final class Heap {

    private Heap() {}

    /** Bytes of heap in use after a full collection: what is still held, not what was only allocated. */
    public static long usedAfterCollection() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
