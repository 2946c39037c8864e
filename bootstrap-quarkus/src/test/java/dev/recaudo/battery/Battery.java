package dev.recaudo.battery;

import dev.recaudo.e2e.messaging.WhatsApp;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.battery.SensitiveValues.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The battery's fixture: two instances of the packaged service, on different ports, sharing one
 * database, and a {@link BatteryClient} that alternates between them. The database is either a
 * fresh one on the test PostgreSQL server ({@link #onTestServer}), dropped on {@link #close()}, or
 * one on a {@link ThrowawayCluster} the crash test owns ({@link #on(ThrowawayCluster, Map)}).
 * The instances run with {@link #configuration()}: the operator API on and every rate limit raised.
 * Their logs are {@code target/battery-logs/<test>-<instance>.log}, named after the test class that
 * started the battery, and {@link #assertInvariants()} scans them for secrets and personal data.
 */
public final class Battery implements AutoCloseable {

    /** The operator token the instances are started with. */
    public static final String OPERATOR_TOKEN = "battery-operator-token";
    private static final String RAISED_LIMIT = "1000000";

    /**
     * Added to {@link #configuration()} for tests whose receivers listen on loopback (webhooks,
     * payment callbacks: private targets allowed, dispatched every 200 ms) and that post WhatsApp
     * deliveries signed with {@code WhatsApp.APP_SECRET}. These instances log at DEBUG, every
     * category, so that the log scan also sees what a verbose level writes about webhook secrets,
     * callbacks, phone numbers and keys.
     */
    public static final Map<String, String> LOOPBACK_RECEIVERS = Map.of(
            "QUARKUS_LOG_LEVEL", "DEBUG",
            "RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true",
            "RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "200ms",
            "RECAUDO_CALLBACKS_DISPATCH_INTERVAL", "200ms",
            "RECAUDO_WHATSAPP_APP_SECRET", WhatsApp.APP_SECRET,
            "RECAUDO_WHATSAPP_VERIFY_TOKEN", WhatsApp.VERIFY_TOKEN);

    private final Database database;
    private final boolean dropOnClose;
    private final List<ServiceInstance> instances;
    private final BatteryClient client;

    private Battery(Database database, boolean dropOnClose, List<ServiceInstance> instances) {
        this.database = database;
        this.dropOnClose = dropOnClose;
        this.instances = instances;
        this.client = new BatteryClient(instances);
    }

    /** The environment every battery instance gets: operator token, rate limits raised for the run. */
    public static Map<String, String> configuration() {
        return Map.of(
                "RECAUDO_OPERATOR_TOKEN", OPERATOR_TOKEN,
                "RECAUDO_RATE_LIMIT_PUBLIC_LIMIT", RAISED_LIMIT,
                "RECAUDO_RATE_LIMIT_INTEGRATIONS_PER_MINUTE", RAISED_LIMIT,
                "RECAUDO_RATE_LIMIT_VERIFIED_PAYMENTS_PER_MINUTE", RAISED_LIMIT,
                "RECAUDO_API_KEYS_RPM_DEFAULT", String.valueOf(Company.KEY_RPM_MAX));
    }

    private static final Map<Map<String, String>, Battery> SHARED = new HashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Battery::closeShared, "battery-shutdown"));
    }

    /**
     * One battery on the test server for every test of the run that neither kills, restarts nor
     * reconfigures its instances, started on first use and kept until the test JVM exits or another
     * battery needs the server (see {@link #closeSharedOtherThan}): starting two instances is most of a
     * battery test's time. Tests sharing it keep to companies of their own.
     */
    public static Battery shared() throws Exception {
        return shared(Map.of());
    }

    /**
     * As {@link #shared()}, for tests that need {@code environment} added to {@link #configuration()}
     * (a loopback receiver, the WhatsApp app secret): one battery per distinct environment, shared by
     * every test asking for that environment while it lives.
     */
    public static synchronized Battery shared(Map<String, String> environment) throws Exception {
        Battery battery = SHARED.get(environment);
        if (battery == null) {
            closeSharedOtherThan(environment);
            battery = onTestServer(startingTest() + "-shared", environment);
            SHARED.put(Map.copyOf(environment), battery);
        }
        return battery;
    }

    /**
     * Closes every shared battery, for a test that starts the service on the test server outside a
     * battery (see {@link #closeSharedOtherThan}); a later {@link #shared} starts its battery again.
     */
    public static synchronized void closeShared() {
        closeSharedOtherThan(null);
    }

    /**
     * Closes the shared batteries of every environment but {@code kept} (none when null). The test
     * server's default 100 connections hold one battery's two pools of 32 and the test JVM's own, not
     * two batteries': a shared battery's idle pools, kept while another battery's test made its burst,
     * ran the server out of connections ({@code FATAL: sorry, too many clients already}). So whatever
     * starts instances on the test server first closes the batteries it does not use, and their pools'
     * connections are gone before its instances open theirs.
     */
    private static synchronized void closeSharedOtherThan(Map<String, String> kept) {
        SHARED.entrySet().removeIf(shared -> {
            if (shared.getKey().equals(kept)) {
                return false;
            }
            try {
                shared.getValue().close();
            } catch (Exception e) {
                System.err.println("could not close a shared battery: " + e);
            }
            return true;
        });
    }

    /**
     * Two instances on a fresh database of the test PostgreSQL server ({@code RECAUDO_TEST_PG}), the
     * test's own to close; the shared batteries are closed first ({@link #closeSharedOtherThan}).
     */
    public static Battery onTestServer() throws Exception {
        return onTestServer(Map.of());
    }

    /** As {@link #onTestServer()}, with {@code environment} added to {@link #configuration()}. */
    public static Battery onTestServer(Map<String, String> environment) throws Exception {
        closeShared();
        return onTestServer(startingTest(), environment);
    }

    /**
     * As {@link #onTestServer(Map)}, with {@code perInstance.get(i)} added for instance i only (one
     * instance dispatching, the other not, say).
     */
    public static Battery onTestServer(Map<String, String> environment, List<Map<String, String>> perInstance) throws Exception {
        closeShared();
        return onTestServer(startingTest(), environment, perInstance);
    }

    private static Battery onTestServer(String name, Map<String, String> environment) throws Exception {
        return onTestServer(name, environment, List.of(Map.of(), Map.of()));
    }

    private static Battery onTestServer(String name, Map<String, String> environment, List<Map<String, String>> perInstance)
            throws Exception {
        Database database = Database.create(PostgresTestDatabase.SERVER, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD,
                "recaudo_battery_");
        return start(name, database, true, environment, perInstance);
    }

    /** Two instances on a fresh database of {@code cluster}, with {@code environment} added to {@link #configuration()}. */
    public static Battery on(ThrowawayCluster cluster, Map<String, String> environment) throws Exception {
        return on(cluster, environment, List.of(Map.of(), Map.of()));
    }

    /**
     * As {@link #on(ThrowawayCluster, Map)}, with {@code perInstance.get(i)} added for instance i only
     * (a crash point armed on one instance, the other left untouched).
     */
    public static Battery on(ThrowawayCluster cluster, Map<String, String> environment, List<Map<String, String>> perInstance)
            throws Exception {
        return start(startingTest(), cluster.createDatabase("recaudo_battery_"), false, environment, perInstance);
    }

    /**
     * A size of a battery test: the system property {@code name} when set (for the long runs,
     * {@code -Dbattery.rounds=1000}), otherwise {@code ciDefault}, the bounded size CI runs.
     */
    public static int size(String name, int ciDefault) {
        return Integer.getInteger(name, ciDefault);
    }

    public Database database() {
        return database;
    }

    /** Instance 0 or 1, as the client's {@link BatteryClient.Answer#instance()} numbers them. */
    public ServiceInstance instance(int index) {
        return instances.get(index);
    }

    public BatteryClient client() {
        return client;
    }

    /** A new company, onboarded over HTTP through the operator API. */
    public Company company() throws Exception {
        return Company.onboard(client, OPERATOR_TOKEN);
    }

    /**
     * What every battery test ends with: the ledger invariants I1-I4 on the battery's database
     * ({@link LedgerInvariants#assertHold(Database)}), and no secret or personal datum that the
     * test JVM's clients created or sent ({@link SensitiveValues}) in either instance's log.
     */
    public void assertInvariants() throws SQLException, IOException {
        LedgerInvariants.assertHold(database);
        LogScan.assertClean(logs());
    }

    /** The log files of the instances, in order. */
    public List<Path> logs() {
        return instances.stream().map(ServiceInstance::log).toList();
    }

    /** Both instances' output ends, for failure messages. */
    public String outputs() {
        StringBuilder outputs = new StringBuilder();
        for (int i = 0; i < instances.size(); i++) {
            outputs.append("---- instance ").append(i).append(" ----\n").append(instances.get(i).outputTail());
        }
        return outputs.toString();
    }

    @Override
    public void close() throws Exception {
        try {
            for (ServiceInstance instance : instances) {
                instance.close();
            }
        } finally {
            if (dropOnClose) {
                database.drop();
            }
        }
    }

    private static Battery start(String name, Database database, boolean dropOnClose, Map<String, String> environment,
            List<Map<String, String>> perInstance) throws Exception {
        List<ServiceInstance> instances = new ArrayList<>();
        try {
            // One after the other: the first creates and migrates the database, the second finds it ready.
            for (Map<String, String> own : perInstance) {
                Map<String, String> all = new HashMap<>(configuration());
                all.putAll(environment);
                all.putAll(own);
                // A crash test's own cluster is reached directly: PgBouncer stands before the test server only.
                boolean onTestServer = database.server().equals(PostgresTestDatabase.SERVER);
                if ((all.remove(PgBouncer.THROUGH) != null || PgBouncer.forEveryBattery()) && onTestServer) {
                    all.put("QUARKUS_DATASOURCE_JDBC_URL", PgBouncer.jdbcUrl(database));
                }
                registerSecrets(all);
                instances.add(ServiceInstance.start(name + "-" + instances.size(), database, all));
            }
            return new Battery(database, dropOnClose, instances);
        } catch (Exception | AssertionError e) {
            for (ServiceInstance instance : instances) {
                instance.close();
            }
            if (dropOnClose) {
                database.drop();
            }
            throw e;
        }
    }

    /** The secrets the instances are configured with (tokens, app secrets, passwords), for the log scan. */
    private static void registerSecrets(Map<String, String> environment) {
        environment.forEach((name, value) -> {
            String lowerCase = name.toLowerCase(Locale.ROOT);
            if (lowerCase.contains("secret") || lowerCase.contains("token") || lowerCase.contains("password")) {
                SensitiveValues.register(Kind.CONFIGURED_SECRET, value);
            }
        });
    }

    /**
     * The simple name of the test class that is starting the battery (the first {@code *IT} on the
     * stack), which names its log files, so that no test has to pass its own name.
     */
    private static String startingTest() {
        Optional<String> test = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .map(frame -> frame.getDeclaringClass().getSimpleName()).filter(name -> name.endsWith("IT")).findFirst());
        return test.orElse("battery");
    }
}
