package dev.recaudo.battery;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Programs of the machine some tests need (podman, PgBouncer): found on the {@code PATH} or in
 * {@code /usr/sbin}; without one, such a test is skipped locally and fails in CI ({@code CI=true}),
 * where {@code .ci/run} installs them.
 */
public final class HostTools {

    private HostTools() {
    }

    /** The program's path; skips the test locally, fails it in CI, when it is missing ({@code install} says how to get it). */
    public static Path require(String program, String install) {
        return Stream.concat(Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)), Stream.of("/usr/sbin"))
                .map(directory -> Path.of(directory, program)).filter(Files::isExecutable).findFirst().orElseGet(() -> {
                    String missing = program + " must be installed (" + install + ")";
                    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                        throw new IllegalStateException(missing);
                    }
                    Assumptions.abort(missing);
                    return null;
                });
    }
}
