package dev.recaudo.battery;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the test's own: {@code initdb} into a temporary directory, on its own
 * free port, listening on 127.0.0.1 only, trust authentication for the superuser {@code postgres}.
 * Crash tests stop it hard ({@link #stopImmediately()}, which is {@code pg_ctl stop -m immediate}:
 * no checkpoint, recovery from the WAL at the next start) without harming the machine's server.
 * PostgreSQL refuses to run as root, so as root every binary runs through {@code runuser -u postgres}
 * on a directory owned by {@code postgres}; as any other user the binaries run directly. The
 * binaries' folder is {@code RECAUDO_PG_BIN} (default {@code /usr/lib/postgresql/15/bin}).
 */
public final class ThrowawayCluster implements AutoCloseable {

    private static final Path BINARIES = Path.of(System.getenv().getOrDefault("RECAUDO_PG_BIN", "/usr/lib/postgresql/15/bin"));
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));
    private static final String SUPERUSER = "postgres";
    private static final long COMMAND_TIMEOUT_SECONDS = 120;

    private final Path directory;
    private final int port;
    private boolean running;

    private ThrowawayCluster(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** Initialises a cluster in a new temporary directory and starts it. */
    public static ThrowawayCluster create() throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("recaudo-cluster-");
        ThrowawayCluster cluster = new ThrowawayCluster(directory, freePort());
        try {
            if (ROOT) {
                run(List.of("chown", SUPERUSER + ":" + SUPERUSER, directory.toString()));
            }
            cluster.pg("initdb", "-D", cluster.data(), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-instructions");
            // Two instances' pools (32 each) and the test's own connections fit with room to spare.
            Files.writeString(Path.of(cluster.data(), "postgresql.conf"), String.join("\n",
                    "", "listen_addresses = '127.0.0.1'", "port = " + cluster.port, "unix_socket_directories = '" + directory + "'",
                    "max_connections = 200", "shared_buffers = 64MB", ""),
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            cluster.start();
            return cluster;
        } catch (IOException | RuntimeException | InterruptedException e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code 127.0.0.1:port}, as {@link Database} and {@code RECAUDO_TEST_PG} name a server. */
    public String server() {
        return "127.0.0.1:" + port;
    }

    /** A fresh database on this cluster, for the superuser. */
    public Database createDatabase(String prefix) throws SQLException {
        return Database.create(server(), SUPERUSER, "", prefix);
    }

    /** Starts the cluster and waits until it accepts connections; recovers from the WAL after a hard stop. */
    public void start() throws IOException, InterruptedException {
        pg("pg_ctl", "-D", data(), "-l", directory.resolve("server.log").toString(), "-w", "-t", "60", "start");
        running = true;
    }

    /** {@code pg_ctl stop -m immediate}: every server process quits at once, as in a crash. */
    public void stopImmediately() throws IOException, InterruptedException {
        running = false;
        pg("pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop");
    }

    /** The server's log so far, for failure messages. */
    public String log() throws IOException {
        Path log = directory.resolve("server.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** Stops the cluster if it runs and removes its directory. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (running) {
                stopImmediately();
            }
        } finally {
            try (Stream<Path> paths = Files.walk(directory)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    private String data() {
        return directory.resolve("data").toString();
    }

    private void pg(String binary, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (ROOT) {
            command.addAll(List.of("runuser", "-u", SUPERUSER, "--"));
        }
        command.add(BINARIES.resolve(binary).toString());
        command.addAll(List.of(arguments));
        run(command);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        // pg_ctl start leaves the server holding no pipe of ours (-l), so reading to the end terminates.
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish; its output:\n" + output);
        }
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited with status " + process.exitValue() + ":\n" + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
