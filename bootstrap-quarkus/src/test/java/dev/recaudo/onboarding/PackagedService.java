package dev.recaudo.onboarding;

import dev.recaudo.battery.Battery;
import dev.recaudo.battery.Database;
import dev.recaudo.battery.ServiceInstance;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The runnable jar of the package phase ({@link ServiceInstance}) with the demo seed, against a
 * fresh database on the test PostgreSQL server, which is dropped again on {@link #close()}. The
 * shared batteries are closed first: one service's pool at a time on the test server ({@link Battery#closeShared()}).
 */
final class PackagedService implements AutoCloseable {

    private final Database database;
    private final ServiceInstance instance;

    private PackagedService(Database database, ServiceInstance instance) {
        this.database = database;
        this.instance = instance;
    }

    static PackagedService startWithDemoSeed() throws Exception {
        return startWithDemoSeed(database -> ServiceInstance.start("QuickstartIT", database, Map.of("RECAUDO_DEMO_SEED", "true")));
    }

    /**
     * The container image {@code image} instead of the jar, with the demo seed and {@code environment}
     * added to its settings.
     */
    static PackagedService startContainerWithDemoSeed(String image, Map<String, String> environment) throws Exception {
        Map<String, String> all = new HashMap<>(environment);
        all.put("RECAUDO_DEMO_SEED", "true");
        return startWithDemoSeed(database -> ServiceInstance.startContainer("ContainerImageIT", image, database, all));
    }

    private static PackagedService startWithDemoSeed(Starter starter) throws Exception {
        Battery.closeShared();
        Database database = Database.create(PostgresTestDatabase.SERVER, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD,
                "recaudo_quickstart_");
        try {
            return new PackagedService(database, starter.start(database));
        } catch (Exception | AssertionError e) {
            database.drop();
            throw e;
        }
    }

    /** The running service. */
    ServiceInstance instance() {
        return instance;
    }

    /** The database the service runs against. */
    Database database() {
        return database;
    }

    /** The {@code export NAME=value} lines the demo seed printed, in order. */
    List<String> seedExports() {
        return seedExports(instance.output());
    }

    /** The {@code export NAME=value} lines a demo seed printed in {@code output}, in order. */
    static List<String> seedExports(String output) {
        return output.lines().filter(line -> line.matches("export [A-Z_]+=\\S+")).toList();
    }

    /** The value of {@code name} among the seed's {@code exports}. */
    static String exported(List<String> exports, String name) {
        return exports.stream().filter(line -> line.startsWith("export " + name + "=")).findFirst()
                .map(line -> line.substring(line.indexOf('=') + 1))
                .orElseThrow(() -> new AssertionError("the demo seed exported no " + name));
    }

    /** The service's console output so far. */
    String output() {
        return instance.output();
    }

    /** The file the console output goes to. */
    Path log() {
        return instance.log();
    }

    /** Starts the service against a fresh database. */
    @FunctionalInterface
    private interface Starter {
        ServiceInstance start(Database database) throws Exception;
    }

    @Override
    public void close() throws Exception {
        try {
            instance.close();
        } finally {
            database.drop();
        }
    }
}
