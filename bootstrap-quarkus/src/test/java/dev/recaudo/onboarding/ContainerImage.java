package dev.recaudo.onboarding;

import dev.recaudo.battery.HostTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The JVM image of the packaged jar, built for the tests as an operator builds it: the Debian base
 * by {@code deploy/base-image.sh} (kept in podman's store, so built once per machine), the image by
 * {@code deploy/container.sh image}, once per test run. Without podman, runc and debootstrap the
 * tests that need it are skipped locally and fail in CI ({@link HostTools}).
 */
final class ContainerImage {

    static final String TAG = "localhost/recaudo:it";
    static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final long BUILD_TIMEOUT_SECONDS = 600;
    private static boolean built;

    private ContainerImage() {
    }

    /** The image of this run's jar, built on first use. */
    static synchronized String jvm() throws IOException, InterruptedException {
        if (!built) {
            Stream.of("podman", "runc", "debootstrap").forEach(tool -> HostTools.require(tool, "apt-get install podman runc debootstrap"));
            run(REPOSITORY.resolve("deploy/base-image.sh").toString());
            build(TAG, REPOSITORY);
            built = true;
        }
        return TAG;
    }

    /** Builds the image {@code tag} from the fast-jar under {@code context}'s bootstrap-quarkus/target/quarkus-app. */
    static void build(String tag, Path context) throws IOException, InterruptedException {
        run(REPOSITORY.resolve("deploy/container.sh").toString(), "image", tag, context.toString());
    }

    /** The digests of the image's layers, the base's first. */
    static List<String> layers(String image) throws IOException, InterruptedException {
        return List.of(inspect(image, "{{range .RootFS.Layers}}{{.}} {{end}}").strip().split(" "));
    }

    /** {@code podman image inspect --format}. */
    static String inspect(String image, String format) throws IOException, InterruptedException {
        return run("podman", "image", "inspect", "--format", format, image).strip();
    }

    /**
     * Runs {@code command} in the image instead of its entrypoint (without the health check, which
     * podman would otherwise try to schedule), and answers what it printed.
     */
    static String runInside(String image, String... command) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of(REPOSITORY.resolve("deploy/container.sh").toString(), "run", image,
                "--no-healthcheck", "--entrypoint", command[0], "--"));
        all.addAll(List.of(command).subList(1, command.length));
        return run(all.toArray(String[]::new));
    }

    static void remove(String image) throws IOException, InterruptedException {
        run("podman", "rmi", "--force", image);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("recaudo-podman-", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(BUILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish in " + BUILD_TIMEOUT_SECONDS + " s");
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed (" + process.exitValue() + "):\n" + printed);
            }
            return printed;
        } finally {
            Files.delete(output);
        }
    }
}
