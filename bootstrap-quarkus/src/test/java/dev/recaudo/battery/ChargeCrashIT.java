package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, atomic phases: a direct payment's instance is halted by the {@code charge-after-processor}
 * crash point, after the sandbox processor approved the charge and before the approval is recorded,
 * as {@code kill -9} would stop it there. The partner's client sends the same request, with the same
 * {@code Idempotency-Key}, to the other instance: it answers the payment as it stands (pending) at
 * once, charging nothing, and its recovery asks the processor and completes the payment. Both
 * instances are armed, so whichever takes the request dies; the survivor never charges, so it lives.
 */
class ChargeCrashIT {

    /**
     * The recovery looks every half second and asks about a payment pending for 10 s: long after the
     * client's retry reached the survivor (its failover is immediate), so that retry finds the
     * payment still pending, and short enough to keep the test fast.
     */
    private static final Map<String, String> ARMED = Map.of(
            "RECAUDO_CRASH_TEST_POINT", "charge-after-processor",
            "RECAUDO_PAYMENTS_RECOVERY_INTERVAL", "500ms",
            "RECAUDO_PAYMENTS_UNKNOWN_AFTER_SECONDS", "10");
    private static final List<String> PAYMENTS_PERMISSIONS = List.of("payments:create", "payments:read");

    @Test
    void givenAnInstanceKilledBetweenChargeAndRecord_whenTheClientRetriesOnTheSurvivor_thenPendingThenCompletedByAskingWithOneCharge()
            throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create(); Battery battery = Battery.on(cluster, ARMED)) {
            Company company = battery.company();
            Company.Key key = company.key("shop", PAYMENTS_PERMISSIONS, "erp", "test");
            Call create = Call.post("/external/payments/direct", Json.object("amountMinor", 2500, "currency", "USD"))
                    .header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString());

            Answer retried = battery.client().sendWithFailover(create);

            assertThat(retried.attempts()).as("the first instance gave no answer: %s", retried).isEqualTo(2);
            int killed = 1 - retried.instance();
            assertThat(battery.instance(killed).awaitExit(Duration.ofSeconds(5))).as("halted as kill -9").isEqualTo(137);
            assertThat(retried.status()).as("answered as it stands, not 409 in progress: %s", retried).isEqualTo(201);
            assertThat(retried.json().getString("status")).isEqualTo("pending");
            String paymentId = retried.json().getString("id");
            assertThat(charges(battery.database(), paymentId)).as("the killed instance's charge, and no other").isEqualTo("1");

            Eventually.await("the survivor's recovery asking the processor", Duration.ofSeconds(60),
                    () -> "completed".equals(single(battery.database(), "SELECT status FROM external_payments WHERE id = ?::uuid",
                            paymentId)));

            Answer again = battery.client().sendTo(retried.instance(), create);
            assertThat(again.status()).as("%s", again).isEqualTo(201);
            assertThat(again.json().getString("status")).isEqualTo("completed");
            assertThat(charges(battery.database(), paymentId)).as("sandbox charges of the payment").isEqualTo("1");
            assertThat(single(battery.database(), "SELECT count(*)::text FROM payments WHERE company_id = ?::uuid",
                    company.id().toString())).as("ledger payments").isEqualTo("1");
            assertThat(battery.instance(retried.instance()).isAlive()).as("the survivor").isTrue();
            battery.assertInvariants();
        }
    }

    private static String charges(Database database, String paymentId) throws Exception {
        return single(database, "SELECT count(*)::text FROM sandbox_processor_charges WHERE processor_key = ?",
                "recaudo-charge-" + paymentId);
    }

    private static String single(Database database, String sql, String parameter) throws Exception {
        try (Connection connection = database.connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }
}
