package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.IdleSockets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, noisy neighbours across two instances, measured from outside: a flood of refused
 * requests alternating between the instances costs the shared database one read per refusal (the
 * key's indexed lookup, made first so that a revoked key is refused as revoked: issue 21, item 4)
 * and no write, once each instance has seen the window full; and a thousand idle connections to
 * each instance neither starve its readiness check nor outlive the idle timeout. The instances run
 * no background work, so that the database's counters see request traffic only.
 */
@Slow(part = 2)
class NoisyNeighboursIT {

    private static final int LIMIT = 3;
    private static final int FLOOD = Battery.size("battery.noisy.refusals", 300);
    private static final int IDLE_PER_INSTANCE = Battery.size("battery.noisy.idle", 1_000);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(6);
    private static final Duration HEALTH_ANSWER_MAX = Duration.ofSeconds(1);
    /** PostgreSQL 15 flushes a backend's statistics after at most 10 s idle (PGSTAT_IDLE_INTERVAL). */
    private static final Duration STATISTICS_SETTLE = Duration.ofSeconds(11);
    private static final int DAY_SECONDS = 86_400;
    private static final Map<String, String> QUIET = Map.of(
            // Stops every scheduled task: the webhook, callback and job dispatchers, the invariant
            // check, the re-sealing, the backlog gauges and the janitor (which has no setting of its own).
            "QUARKUS_SCHEDULER_ENABLED", "false",
            "RECAUDO_RATE_LIMIT_PUBLIC_LIMIT", String.valueOf(LIMIT),
            // A day's window, so that the flood cannot straddle two (the test waits near midnight).
            "RECAUDO_RATE_LIMIT_PUBLIC_WINDOW_SECONDS", String.valueOf(DAY_SECONDS),
            "QUARKUS_HTTP_IDLE_TIMEOUT", IDLE_TIMEOUT.toSeconds() + "s");

    private static Battery battery;

    @BeforeAll
    static void startQuietPair() throws Exception {
        battery = Battery.onTestServer(QUIET);
    }

    @AfterAll
    static void closePair() throws Exception {
        battery.close();
    }

    @Test
    void givenAWindowSeenFullByBothInstances_whenRefusalsAlternate_thenEachCostsOneReadAndNothingIsWritten() throws Exception {
        Company.Key flooder = battery.company().key("flooder", List.of("public_invoices:read"), "erp", "live");
        awaitRoomInTheDay();
        Call list = Call.get("/v1/invoices").header("Authorization", "Bearer " + flooder.secret());
        for (int i = 0; i < LIMIT; i++) {
            assertThat(battery.client().sendTo(i % 2, list).status()).as("admission %d", i).isEqualTo(200);
        }
        // Each instance finds the window full once in the database, and remembers it from then on.
        for (int instance = 0; instance < 2; instance++) {
            assertThat(battery.client().sendTo(instance, list).status()).as("first refusal, instance %d", instance).isEqualTo(429);
        }

        Activity beforeFlood = settledActivity();
        long started = System.nanoTime();
        List<Answer> refusals = new ArrayList<>();
        for (int i = 0; i < FLOOD; i++) {
            refusals.add(battery.client().sendTo(i % 2, list));
        }
        Duration flood = Duration.ofNanos(System.nanoTime() - started);
        Activity afterFlood = settledActivity();
        Thread.sleep(flood.toMillis());
        Activity control = settledActivity().minus(afterFlood);
        Activity refused = afterFlood.minus(beforeFlood).minus(control);

        assertThat(refusals).extracting(Answer::status).containsOnly(429);
        assertThat(refusals).extracting(Answer::instance).containsOnly(0, 1);
        String measured = String.format("during %d refusals in %s: %s; during as long without requests: %s",
                FLOOD, flood, afterFlood.minus(beforeFlood), control);
        System.out.println("NoisyNeighboursIT: " + measured);
        assertThat(refused.transactions()).as("transactions, one read per refusal, " + measured)
                .isLessThanOrEqualTo(FLOOD + 10);
        assertThat(refused.keyLookups()).as("index scans of api_keys, " + measured).isLessThanOrEqualTo(FLOOD + 10);
        assertThat(refused.rowsWritten()).as("rows written, " + measured).isZero();
        assertThat(battery.database().number("SELECT coalesce(sum(hits), 0) FROM rate_limit_counters WHERE bucket LIKE ?",
                "public:" + flooder.id() + ":GET:%")).as("refusals write nothing").isEqualTo(LIMIT);
        battery.assertInvariants();
    }

    @Test
    void givenAThousandIdleConnectionsToEachInstance_whenReadinessIsAsked_thenBothAnswerAtOnceAndCloseTheIdleOnes()
            throws Exception {
        IdleSockets.assertDescriptorsFor(2 * IDLE_PER_INSTANCE);
        Call ready = Call.get("/q/health/ready");
        // Once before, so that what is timed is the idle sockets' effect, not the first call's set-up.
        for (int instance = 0; instance < 2; instance++) {
            assertThat(battery.client().sendTo(instance, ready).status()).isEqualTo(200);
        }
        try (IdleSockets first = IdleSockets.open("127.0.0.1", battery.instance(0).port(), IDLE_PER_INSTANCE);
                IdleSockets second = IdleSockets.open("127.0.0.1", battery.instance(1).port(), IDLE_PER_INSTANCE)) {
            long openedAt = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                long asked = System.nanoTime();
                Answer answer = battery.client().sendTo(i % 2, ready);
                assertThat(answer.status()).as("readiness of instance %d", i % 2).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("readiness of instance %d", i % 2)
                        .isLessThan(HEALTH_ANSWER_MAX);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - openedAt)).as("asked before the idle timeout")
                    .isLessThan(IDLE_TIMEOUT);

            long deadline = System.nanoTime() + IDLE_TIMEOUT.plusSeconds(20).toNanos();
            assertThat(first.stillOpenAt(deadline)).as("idle connections instance 0 did not close").isZero();
            assertThat(second.stillOpenAt(deadline)).as("idle connections instance 1 did not close").isZero();
        }
        battery.assertInvariants();
    }

    /** What the battery's database has counted: transactions, index scans of {@code api_keys}, rows written. */
    private record Activity(long transactions, long keyLookups, long rowsWritten) {

        Activity minus(Activity earlier) {
            return new Activity(transactions - earlier.transactions, keyLookups - earlier.keyLookups,
                    rowsWritten - earlier.rowsWritten);
        }
    }

    /**
     * The battery's database's counters, once every backend has flushed what it counted:
     * transactions committed or rolled back, and rows inserted, updated or deleted, read in a new
     * session (no cached snapshot) of the maintenance database, so that the reading itself is not
     * counted; index scans of {@code api_keys} from the database's own statistics view (that read is
     * a transaction of its own, one per reading, which the control period counts as well).
     */
    private static Activity settledActivity() throws SQLException, InterruptedException {
        Thread.sleep(STATISTICS_SETTLE.toMillis());
        Database database = battery.database();
        Database maintenance = new Database(database.server(), "postgres", database.user(), database.password());
        long transactions = maintenance.number(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = ?", database.name());
        long rowsWritten = maintenance.number(
                "SELECT tup_inserted + tup_updated + tup_deleted FROM pg_stat_database WHERE datname = ?", database.name());
        long keyLookups = database.number("SELECT coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = ?", "api_keys");
        return new Activity(transactions, keyLookups, rowsWritten);
    }

    /** The flood must fall in the window the admissions filled: within two minutes of midnight it waits. */
    private static void awaitRoomInTheDay() throws InterruptedException {
        long secondsLeft = DAY_SECONDS - System.currentTimeMillis() / 1000 % DAY_SECONDS;
        if (secondsLeft < 120) {
            Thread.sleep((secondsLeft + 1) * 1000);
        }
    }
}
