package dev.recaudo.battery;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Debian's PgBouncer (1.18) in transaction pooling, between a battery's instances and the test
 * server, as many instances share one PostgreSQL in production (docs/scaling.md). One per test JVM,
 * started on first use on a free loopback port, with fewer server connections than the instances'
 * pools hold, so transactions of different clients take turns on the same server connections.
 * Every database of the server is reachable through it by name, as the test server's user.
 * PgBouncer 1.18 keeps no prepared statement across transactions, so the instances connect with
 * {@code prepareThreshold=0}. Without {@code pgbouncer} a test that needs it is skipped locally and
 * fails in CI ({@link HostTools}).
 */
public final class PgBouncer {

    /**
     * Added to a battery's environment ({@code Battery.shared(...)}), or set for every battery with
     * {@code -Dbattery.pooler=pgbouncer}: its instances reach PostgreSQL through PgBouncer.
     */
    public static final String THROUGH = "BATTERY_THROUGH_PGBOUNCER";
    /** The environment entry that sends a battery through PgBouncer. */
    public static final Map<String, String> ROUTE = Map.of(THROUGH, "true");
    /** Server connections per database: fewer than two instances' pools, so clients share them. */
    private static final int SERVER_CONNECTIONS = 20;
    private static final long START_TIMEOUT_SECONDS = 15;
    private static PgBouncer running;

    private final Process process;
    private final int port;

    private PgBouncer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Whether {@code -Dbattery.pooler=pgbouncer} sends every battery on the test server through PgBouncer. */
    static boolean forEveryBattery() {
        return "pgbouncer".equals(System.getProperty("battery.pooler", ""));
    }

    /** The JDBC URL of {@code database} through PgBouncer, started on first use. */
    static synchronized String jdbcUrl(Database database) throws IOException, InterruptedException {
        if (running == null || !running.process.isAlive()) {
            running = start(database.server(), database.user());
            Runtime.getRuntime().addShutdownHook(new Thread(running.process::destroy, "pgbouncer-stop"));
        }
        return "jdbc:postgresql://127.0.0.1:" + running.port + "/" + database.name() + "?prepareThreshold=0";
    }

    private static PgBouncer start(String server, String user) throws IOException, InterruptedException {
        Path executable = HostTools.require("pgbouncer", "apt-get install pgbouncer");
        Path directory = Files.createTempDirectory("recaudo-pgbouncer-");
        // PgBouncer refuses to run as root: started as root, it switches to postgres, who must read and write here.
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
        int port = ServiceInstance.freePort();
        String host = server.substring(0, server.lastIndexOf(':'));
        String serverPort = server.substring(server.lastIndexOf(':') + 1);
        Path configuration = directory.resolve("pgbouncer.ini");
        Files.writeString(configuration, String.join("\n",
                "[databases]",
                "* = host=" + host + " port=" + serverPort + " user=" + user,
                "[pgbouncer]",
                "listen_addr = 127.0.0.1",
                "listen_port = " + port,
                "unix_socket_dir =",
                "auth_type = any",
                "pool_mode = transaction",
                "default_pool_size = " + SERVER_CONNECTIONS,
                "max_client_conn = 2000",
                "ignore_startup_parameters = extra_float_digits",
                "logfile = " + directory.resolve("pgbouncer.log"),
                ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(configuration, PosixFilePermissions.fromString("rw-r--r--"));
        List<String> command = new ArrayList<>(List.of(executable.toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("-u", "postgres"));
        }
        command.add(configuration.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve("pgbouncer.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return new PgBouncer(process, port);
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        process.destroyForcibly();
        throw new AssertionError("PgBouncer did not listen on port " + port + " in " + START_TIMEOUT_SECONDS + " s; "
                + Files.readString(directory.resolve("pgbouncer.out")) + readIfThere(directory.resolve("pgbouncer.log")));
    }

    private static String readIfThere(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "";
    }

}
