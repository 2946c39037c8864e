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
 * Issue 22, money going back out: a refund's instance is halted by the {@code refund-after-processor}
 * crash point, after the sandbox processor refunded and before the refund is recorded, as
 * {@code kill -9} would stop it there. The partner's client sends the same request, with the same
 * {@code Idempotency-Key}, to the other instance: it answers the refund as it stands (pending) at
 * once, refunding nothing, and its recovery asks the processor and records the refund succeeded.
 * Both instances are armed, so whichever takes the refund dies; the survivor only asks, so it lives.
 */
class RefundCrashIT {

    /** As in {@link ChargeCrashIT}: the recovery looks every half second at refunds pending 10 s or more. */
    private static final Map<String, String> ARMED = Map.of(
            "RECAUDO_CRASH_TEST_POINT", "refund-after-processor",
            "RECAUDO_PAYMENTS_RECOVERY_INTERVAL", "500ms",
            "RECAUDO_PAYMENTS_UNKNOWN_AFTER_SECONDS", "10");
    private static final List<String> PAYMENTS_PERMISSIONS = List.of("payments:create", "payments:read");

    @Test
    void givenAnInstanceKilledBetweenRefundAndRecord_whenTheClientRetriesOnTheSurvivor_thenPendingThenSucceededWithOneRefund()
            throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create(); Battery battery = Battery.on(cluster, ARMED)) {
            Company company = battery.company();
            Company.Key key = company.key("shop", PAYMENTS_PERMISSIONS, "erp", "test");
            Answer paid = battery.client().sendWithFailover(Call.post("/external/payments/direct",
                            Json.object("amountMinor", 2500, "currency", "USD"))
                    .header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString()));
            assertThat(paid.json().getString("status")).as("%s", paid).isEqualTo("completed");
            String paymentId = paid.json().getString("id");
            Call refund = Call.post("/external/payments/" + paymentId + "/refunds", Json.object("amountMinor", 1000))
                    .header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString());

            Answer retried = battery.client().sendWithFailover(refund);

            assertThat(retried.attempts()).as("the first instance gave no answer: %s", retried).isEqualTo(2);
            int killed = 1 - retried.instance();
            assertThat(battery.instance(killed).awaitExit(Duration.ofSeconds(5))).as("halted as kill -9").isEqualTo(137);
            assertThat(retried.status()).as("answered as it stands, not 409 in progress: %s", retried).isEqualTo(201);
            assertThat(retried.json().getString("status")).isEqualTo("pending");
            String refundId = retried.json().getString("id");
            assertThat(refunds(battery.database(), refundId)).as("the killed instance's refund, and no other").isEqualTo("1");
            battery.assertInvariants();

            Eventually.await("the survivor's recovery asking the processor", Duration.ofSeconds(60),
                    () -> "succeeded".equals(single(battery.database(), "SELECT status FROM refunds WHERE id = ?::uuid", refundId)));

            Answer again = battery.client().sendTo(retried.instance(), refund);
            assertThat(again.status()).as("%s", again).isEqualTo(201);
            assertThat(again.json().getString("status")).isEqualTo("succeeded");
            assertThat(refunds(battery.database(), refundId)).as("sandbox refunds of the refund").isEqualTo("1");
            assertThat(single(battery.database(), "SELECT count(*)::text FROM refunds WHERE external_payment_id = ?::uuid",
                    paymentId)).as("refunds of the payment").isEqualTo("1");
            assertThat(battery.instance(retried.instance()).isAlive()).as("the survivor").isTrue();
            battery.assertInvariants();
        }
    }

    private static String refunds(Database database, String refundId) throws Exception {
        return single(database, "SELECT count(*)::text FROM sandbox_refunds WHERE processor_key = ?", "refund:" + refundId);
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
