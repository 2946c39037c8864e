package dev.recaudo.battery;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runnable jar of the package phase ({@code target/quarkus-app/quarkus-run.jar}), started as an
 * operator would, with {@code java -jar}, on its own port against a given database. The process
 * is the JVM itself (no shell in between), so {@link #kill9()} is {@code kill -9} of the service.
 * {@link #startContainer} starts a container image of it instead, with podman on the host's network
 * ({@code deploy/container.sh run}): the process is podman's client, which passes SIGTERM on to the
 * container's JVM.
 * Its console output is written, across restarts, to {@code target/battery-logs/<name>.log}, which
 * the tests' failure messages quote and {@link LogScan} reads for secrets.
 */
public final class ServiceInstance implements AutoCloseable {

    private static final Path RUNNABLE_JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final Path CONTAINER_SCRIPT = Path.of("..", "deploy", "container.sh");
    private static final long READY_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_SECONDS = 30;
    private static final int OUTPUT_TAIL_BYTES = 20_000;
    /** The exit status of a process the crash switch halted, as of one killed with SIGKILL. */
    private static final int HALTED_STATUS = 137;
    private static final Path LOGS = Path.of("target", "battery-logs");
    private static final Set<String> NAMES_TAKEN = new HashSet<>();
    /** The whole heap's line of {@code GC.heap_info}: "garbage-first heap   total 262144K, used 34567K [...]". */
    private static final Pattern HEAP_USED = Pattern.compile("heap\\s+total \\d+K, used (\\d+)K");
    /** Every instance seals secrets at rest as production does, all with the same key, so each opens what another stored. */
    public static final String SEALING_KEY_ID = "battery";
    public static final String SEALING_KEYRING = SEALING_KEY_ID + ":mXTCXNaHwRmja0Zkpo8s3glldQxfMUAnwjoZybPKpoI=";

    private final int port;
    private final Path log;
    /** The runnable jar, when the service runs as {@code java -jar}; null for a container. */
    private final Path jar;
    /** The container's name when the service runs in one; null for the jar. */
    private final String container;
    private final String image;
    private Map<String, String> environment;
    private final HttpClient health = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Process process;

    private ServiceInstance(int port, Path log, Path jar, String image, Map<String, String> environment) {
        this.port = port;
        this.log = log;
        this.jar = jar;
        this.image = image;
        this.container = image == null ? null : "recaudo-" + log.getFileName().toString().replace(".log", "") + "-" + port;
        this.environment = environment;
    }

    /**
     * Starts the jar on a free port against {@code database} and waits until {@code /q/health/ready}
     * answers 200. {@code environment} adds to or overrides the port, datasource, public base URL and sealing key.
     * The console output goes to {@code target/battery-logs/<name>.log} (a name already used in this
     * run gets a number added; a file of an earlier run is replaced).
     */
    public static ServiceInstance start(String name, Database database, Map<String, String> environment) throws Exception {
        if (!Files.isRegularFile(RUNNABLE_JAR)) {
            throw new AssertionError(RUNNABLE_JAR.toAbsolutePath() + " is missing: run `./mvnw verify`, whose"
                    + " package phase builds it before the integration tests");
        }
        return start(name, RUNNABLE_JAR, null, database, environment);
    }

    /** As {@link #start}, with another build's runnable jar (an earlier release's, say). */
    public static ServiceInstance startJar(String name, Path jar, Database database, Map<String, String> environment)
            throws Exception {
        return start(name, jar, null, database, environment);
    }

    /**
     * As {@link #start}, but runs the container {@code image} (built from the same jar) with podman,
     * on the host's network, its settings passed as the container's environment.
     */
    public static ServiceInstance startContainer(String name, String image, Database database, Map<String, String> environment)
            throws Exception {
        return start(name, null, image, database, environment);
    }

    private static ServiceInstance start(String name, Path jar, String image, Database database, Map<String, String> environment)
            throws Exception {
        int port = freePort();
        Map<String, String> all = new HashMap<>(Map.of(
                "QUARKUS_HTTP_PORT", String.valueOf(port),
                "QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl(),
                "QUARKUS_DATASOURCE_USERNAME", database.user(),
                "QUARKUS_DATASOURCE_PASSWORD", database.password(),
                "RECAUDO_PUBLIC_BASE_URL", "http://127.0.0.1:" + port,
                "RECAUDO_SECRETS_KEYS", SEALING_KEYRING,
                "RECAUDO_SECRETS_ACTIVE_KEY", SEALING_KEY_ID,
                // No balancer routes away from a test's instance: stopping one need not wait for it.
                "QUARKUS_SHUTDOWN_DELAY", "0s"));
        all.putAll(environment);
        ServiceInstance instance = new ServiceInstance(port, logFile(name), jar, image, Map.copyOf(all));
        instance.launch();
        return instance;
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:port}, with no trailing slash. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The container's name, for podman; an {@link IllegalStateException} for the jar. */
    public String container() {
        if (container == null) {
            throw new IllegalStateException("the instance on port " + port + " runs the jar, not a container");
        }
        return container;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Kills the JVM with SIGKILL ({@link Process#destroyForcibly()} sends SIGKILL on Linux; the
     * exit status 137 = 128 + 9 that this returns shows it): no shutdown hook, no graceful drain.
     * A container's JVM gets the SIGKILL through {@code podman kill}.
     */
    public int kill9() throws IOException, InterruptedException {
        if (container != null) {
            podman("kill", "--signal", "KILL", container);
        } else {
            process.destroyForcibly();
        }
        return process.waitFor();
    }

    /**
     * Sends SIGTERM, as an orchestrator stopping the instance does, and returns at once; the
     * process ends when the service has stopped ({@link #awaitExit}). Sent with {@code kill}, not
     * {@link Process#destroy()}, which would close the output stream and lose what the service logs
     * while it stops.
     */
    public void terminate() throws IOException, InterruptedException {
        if (container != null) {
            podman("kill", "--signal", "TERM", container);
        } else {
            run("kill", "-TERM", String.valueOf(process.pid()));
        }
    }

    /** Starts the jar again, on the same port with the same environment, after a kill or a stop. */
    public void restart() throws Exception {
        if (process.isAlive()) {
            stop();
        }
        Files.writeString(log, "---- restart ----\n", StandardOpenOption.APPEND);
        launch();
    }

    /**
     * Starts the jar again on the same port, with {@code overrides} replacing or adding to the
     * environment from now on (a crash test re-arms or disarms a crash point this way).
     */
    public void restart(Map<String, String> overrides) throws Exception {
        Map<String, String> changed = new HashMap<>(environment);
        changed.putAll(overrides);
        environment = Map.copyOf(changed);
        restart();
    }

    /**
     * Waits up to {@code timeout} for the process to end by itself (a crash point halts it) and
     * answers its exit status; an {@link AssertionError} with the output if it still runs.
     */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("instance on port " + port + " still runs after " + timeout + "; its output:\n" + outputTail());
        }
        return process.exitValue();
    }

    /** The file the console output of every run goes to. */
    public Path log() {
        return log;
    }

    /** The console output of every run so far. */
    public String output() {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The end of the console output, short enough for an assertion message. */
    public String outputTail() {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long start = Math.max(0, file.length() - OUTPUT_TAIL_BYTES);
            byte[] tail = new byte[(int) (file.length() - start)];
            file.seek(start);
            file.readFully(tail);
            return new String(tail, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The heap in use after a full collection, in bytes, read from outside as an operator would:
     * {@code jcmd <pid> GC.run}, then the {@code used} figure of {@code jcmd <pid> GC.heap_info}.
     */
    public long heapUsedAfterCollection() throws IOException, InterruptedException {
        jcmd("GC.run");
        String info = jcmd("GC.heap_info");
        Matcher used = HEAP_USED.matcher(info);
        if (!used.find()) {
            throw new AssertionError("no heap figure in the output of jcmd GC.heap_info:\n" + info);
        }
        return Long.parseLong(used.group(1)) * 1024;
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(process.pid()), command).redirectErrorStream(true).start();
        String answer = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (jcmd.waitFor() != 0) {
            throw new AssertionError("jcmd " + command + " on the instance of port " + port + " failed:\n" + answer);
        }
        return answer;
    }

    /** Stops the service gracefully (SIGTERM), forcibly if it has not stopped within 30 s. */
    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        if (container != null) {
            try {
                podman("rm", "--force", "--ignore", container);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void launch() throws Exception {
        List<String> command = new ArrayList<>();
        if (container == null) {
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-jar",
                    jar.toString()));
        } else {
            // Each setting by name only: podman takes its value from its own environment, so no
            // secret is on a command line that ps shows.
            command.addAll(List.of(CONTAINER_SCRIPT.toString(), "run", image, "--name", container, "-e", "JAVA_TOOL_OPTIONS=-Xmx512m"));
            environment.keySet().stream().sorted().forEach(name -> command.addAll(List.of("-e", name)));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        process = builder.start();
        keepOutput(process);
        awaitReady();
    }

    /**
     * Whether the process ended as the crash switch ends it ({@code halt(137)}) with a crash point
     * armed in its environment. Its "halting at" line may still be on its way to the log file.
     */
    private boolean haltedAtItsCrashPoint() throws InterruptedException {
        return !process.isAlive() && process.waitFor() == HALTED_STATUS
                && !environment.getOrDefault("RECAUDO_CRASH_TEST_POINT", "").isEmpty();
    }

    private void keepOutput(Process running) throws IOException {
        BufferedWriter file = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Thread reader = new Thread(() -> {
            try (file; BufferedReader lines = new BufferedReader(new InputStreamReader(running.getInputStream(), StandardCharsets.UTF_8))) {
                try {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        file.write(line);
                        file.newLine();
                        if (!lines.ready()) {
                            // Written out whenever the service pauses, so a reader of the file is at most a burst behind.
                            file.flush();
                        }
                    }
                } catch (IOException e) {
                    // Stopping or killing the process closes its stream under the reader (the JDK closes it
                    // as it sends the signal, while the process may still run): the kept output just ends.
                    file.write("---- output ended: " + e.getMessage() + " ----");
                    file.newLine();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + log, e);
            }
        }, "service-output-" + port);
        reader.setDaemon(true);
        reader.start();
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
        HttpRequest ready = HttpRequest.newBuilder(baseUri().resolve("/q/health/ready")).timeout(Duration.ofSeconds(5)).build();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                if (health.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // The port opens only once the service has started; ask again shortly.
            }
            Thread.sleep(100);
        }
        if (haltedAtItsCrashPoint()) {
            // An armed instance can reach its crash point before its readiness was seen (its
            // background work starts with it): the test awaits that exit next.
            return;
        }
        String reason = process.isAlive() ? "was not ready in " + READY_TIMEOUT_SECONDS + " s" : "exited with status " + process.waitFor();
        stop();
        String started = container == null ? "java -jar " + jar : "container " + container + " of " + image;
        throw new AssertionError(started + " on port " + port + " " + reason + "; its output:\n" + outputTail());
    }

    private static synchronized Path logFile(String name) throws IOException {
        String unique = name;
        for (int n = 2; !NAMES_TAKEN.add(unique); n++) {
            unique = name + "-" + n;
        }
        Files.createDirectories(LOGS);
        return Files.write(LOGS.resolve(unique + ".log"), new byte[0]);
    }

    private static void podman(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(arguments));
        run(command.toArray(String[]::new));
    }

    /** Runs a command to its end; an {@link AssertionError} with its output if it fails. */
    private static void run(String... command) throws IOException, InterruptedException {
        Process running = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(running.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (running.waitFor() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed:\n" + output);
        }
    }

    /** A loopback port nothing listens on now. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
