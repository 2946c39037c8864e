package dev.recaudo.onboarding;

import dev.recaudo.e2e.support.PostgresTestDatabase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The runnable jar of the package phase, started as an operator would ({@code java -jar}) with the
 * demo seed, on a free port, against a fresh database on the test PostgreSQL server, which is
 * dropped again on {@link #close()}. Its console output is kept, for the seed's printed values and
 * for failure messages.
 */
final class PackagedService implements AutoCloseable {

    private static final Path RUNNABLE_JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final String STARTED = "Listening on: ";
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_SECONDS = 30;

    private final String database;
    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final CountDownLatch startedOrDead = new CountDownLatch(1);

    private PackagedService(String database, Process process) {
        this.database = database;
        this.process = process;
    }

    static PackagedService startWithDemoSeed() throws Exception {
        if (!Files.isRegularFile(RUNNABLE_JAR)) {
            throw new AssertionError(RUNNABLE_JAR.toAbsolutePath() + " is missing: run `./mvnw verify`, whose"
                    + " package phase builds it before the integration tests");
        }
        String database = "recaudo_quickstart_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        execute("CREATE DATABASE \"" + database + "\"");
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", RUNNABLE_JAR.toString())
                .redirectErrorStream(true);
        builder.environment().putAll(Map.of(
                "QUARKUS_HTTP_PORT", String.valueOf(port),
                "QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://" + PostgresTestDatabase.SERVER + "/" + database,
                "QUARKUS_DATASOURCE_USERNAME", PostgresTestDatabase.USER,
                "QUARKUS_DATASOURCE_PASSWORD", PostgresTestDatabase.PASSWORD,
                "RECAUDO_PUBLIC_BASE_URL", "http://127.0.0.1:" + port,
                "RECAUDO_DEMO_SEED", "true"));
        PackagedService service = new PackagedService(database, builder.start());
        service.keepOutput();
        service.awaitStart();
        return service;
    }

    /** The {@code export NAME=value} lines the demo seed printed, in order. */
    List<String> seedExports() {
        return output.toString().lines().filter(line -> line.matches("export [A-Z_]+=\\S+")).toList();
    }

    /** The service's console output so far. */
    String output() {
        return output.toString();
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        execute("DROP DATABASE IF EXISTS \"" + database + "\" WITH (FORCE)");
    }

    private void keepOutput() {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.append(line).append('\n');
                    if (line.contains(STARTED)) {
                        startedOrDead.countDown();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                startedOrDead.countDown();
            }
        }, "packaged-service-output");
        reader.setDaemon(true);
        reader.start();
    }

    private void awaitStart() throws Exception {
        boolean answered = startedOrDead.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!answered || !process.isAlive()) {
            String reason = answered ? "exited with status " + process.waitFor() : "did not start in "
                    + START_TIMEOUT_SECONDS + " s";
            close();
            throw new AssertionError("java -jar " + RUNNABLE_JAR + " " + reason + "; its output:\n" + output);
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = PostgresTestDatabase.connectToServer();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
