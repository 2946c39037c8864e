package dev.recaudo.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The files this JVM (the service under {@code @QuarkusTest}) holds open, read from {@code /proc/self/fd}. */
public final class OpenFiles {

    private OpenFiles() {}

    /** How many open descriptors point at a file whose path contains {@code part}, deleted or not. */
    public static long naming(String part) {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
            return descriptors.filter(descriptor -> {
                try {
                    return Files.readSymbolicLink(descriptor).toString().contains(part);
                } catch (IOException closedMeanwhile) {
                    return false;
                }
            }).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits until no descriptor points at such a file: the service closes them when an exchange ends,
     * which is just after the client has read its answer. Fails after 10 s.
     */
    public static void awaitNoneNaming(String part) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (naming(part) > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(naming(part) + " files naming " + part + " are still open");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
