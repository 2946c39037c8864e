package dev.recaudo.battery;

import dev.recaudo.e2e.messaging.WhatsApp;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The battery's fixture: two instances of the packaged service, on different ports, sharing one
 * database, and a {@link BatteryClient} that alternates between them. The database is either a
 * fresh one on the test PostgreSQL server ({@link #onTestServer}), dropped on {@link #close()}, or
 * one on a {@link ThrowawayCluster} the crash test owns ({@link #on(ThrowawayCluster, Map)}).
 * The instances run with {@link #configuration()}: the operator API on and every rate limit raised.
 */
public final class Battery implements AutoCloseable {

    /** The operator token the instances are started with. */
    public static final String OPERATOR_TOKEN = "battery-operator-token";
    private static final String RAISED_LIMIT = "1000000";

    /**
     * Added to {@link #configuration()} for tests whose receivers listen on loopback (webhooks,
     * payment callbacks: private targets allowed, dispatched every 200 ms) and that post WhatsApp
     * deliveries signed with {@code WhatsApp.APP_SECRET}.
     */
    public static final Map<String, String> LOOPBACK_RECEIVERS = Map.of(
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

    /**
     * One battery on the test server for every test of the run that neither kills, restarts nor
     * reconfigures its instances, started on first use and closed when the test JVM exits: starting
     * two instances is most of a battery test's time. Tests sharing it keep to companies of their own.
     */
    public static Battery shared() throws Exception {
        return shared(Map.of());
    }

    /**
     * As {@link #shared()}, for tests that need {@code environment} added to {@link #configuration()}
     * (a loopback receiver, the WhatsApp app secret): one battery per distinct environment and run,
     * shared by every test asking for that environment.
     */
    public static synchronized Battery shared(Map<String, String> environment) throws Exception {
        Battery battery = SHARED.get(environment);
        if (battery == null) {
            Battery started = onTestServer(environment);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception e) {
                    System.err.println("could not close a shared battery: " + e);
                }
            }, "battery-shutdown"));
            SHARED.put(Map.copyOf(environment), started);
            battery = started;
        }
        return battery;
    }

    /** Two instances on a fresh database of the test PostgreSQL server ({@code RECAUDO_TEST_PG}). */
    public static Battery onTestServer() throws Exception {
        return onTestServer(Map.of());
    }

    /** As {@link #onTestServer()}, with {@code environment} added to {@link #configuration()}. */
    public static Battery onTestServer(Map<String, String> environment) throws Exception {
        Database database = Database.create(PostgresTestDatabase.SERVER, PostgresTestDatabase.USER, PostgresTestDatabase.PASSWORD,
                "recaudo_battery_");
        return start(database, true, environment);
    }

    /** Two instances on a fresh database of {@code cluster}, with {@code environment} added to {@link #configuration()}. */
    public static Battery on(ThrowawayCluster cluster, Map<String, String> environment) throws Exception {
        return start(cluster.createDatabase("recaudo_battery_"), false, environment);
    }

    /**
     * As {@link #on(ThrowawayCluster, Map)}, with {@code perInstance.get(i)} added for instance i only
     * (a crash point armed on one instance, the other left untouched).
     */
    public static Battery on(ThrowawayCluster cluster, Map<String, String> environment, List<Map<String, String>> perInstance)
            throws Exception {
        return start(cluster.createDatabase("recaudo_battery_"), false, environment, perInstance);
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

    /** {@link LedgerInvariants#assertHold(Database)} on the battery's database. */
    public void assertInvariants() throws SQLException {
        LedgerInvariants.assertHold(database);
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

    private static Battery start(Database database, boolean dropOnClose, Map<String, String> environment) throws Exception {
        return start(database, dropOnClose, environment, List.of(Map.of(), Map.of()));
    }

    private static Battery start(Database database, boolean dropOnClose, Map<String, String> environment,
            List<Map<String, String>> perInstance) throws Exception {
        List<ServiceInstance> instances = new ArrayList<>();
        try {
            // One after the other: the first creates and migrates the database, the second finds it ready.
            for (Map<String, String> own : perInstance) {
                Map<String, String> all = new HashMap<>(configuration());
                all.putAll(environment);
                all.putAll(own);
                instances.add(ServiceInstance.start(database, all));
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
}
