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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, external payments: a hosted payment paid twice at once (a double-submitted Pay, from
 * two tabs on both instances), and the instance that takes its callback halted by the
 * {@code callback-before-send} crash point: after the payment committed and the callback's
 * {@code attempting} mark committed, before the request leaves. Both instances are armed, so
 * whichever dispatcher claims the callback dies; the survivor finds the lease (10 s) run out.
 */
class CallbackCrashIT {

    private static final Map<String, String> ARMED = Map.of(
            "RECAUDO_CRASH_TEST_POINT", "callback-before-send",
            "RECAUDO_CALLBACKS_LEASE_SECONDS", "10",
            "RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
    private static final List<String> PAYMENTS_PERMISSIONS =
            List.of("public_invoices:read", "public_invoices:write", "payments:create", "payments:read");

    @Test
    void givenADoubleSubmittedPay_whenTheInstanceIsKilledBetweenCommitAndCallback_thenOneCompletionOnePaymentAndTheCallbackUnknown()
            throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create(); Battery battery = Battery.on(cluster, ARMED);
                HookReceiver receiver = new HookReceiver()) {
            Company company = battery.company();
            Company.Key key = company.key("shop", PAYMENTS_PERMISSIONS, "erp", "test");
            Answer created = battery.client().sendWithFailover(Call.post("/external/payments",
                    Json.object("amountMinor", 2500, "currency", "USD", "callbackUrl", receiver.url()))
                    .header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString()));
            assertThat(created.status()).as("%s", created).isEqualTo(201);
            String paymentId = created.json().getString("id");
            String checkoutUrl = created.json().getString("checkoutUrl");
            Call pay = Call.of("POST", "/sandbox/checkouts/" + checkoutUrl.substring(checkoutUrl.lastIndexOf('/') + 1)
                    + "/complete", "").header("X-API-Key", key.secret());

            List<Answer> tabs = Together.run(2, tab -> () -> battery.client().sendWithFailover(pay));

            assertThat(tabs).as("both tabs answered without a server error").noneMatch(Answer::isServerError);
            assertThat(tabs).as("a tab was paid").anyMatch(tab -> tab.status() == 200);
            int killed = awaitOneHalted(battery);
            assertThat(battery.instance(killed).awaitExit(Duration.ofSeconds(5))).as("halted as kill -9").isEqualTo(137);
            assertThat(battery.instance(1 - killed).isAlive()).as("the other instance").isTrue();
            Eventually.await("the callback's result after the lease", Duration.ofSeconds(60),
                    () -> !List.of("queued", "attempting").contains(callbackStatus(battery.database(), paymentId)));
            TimeUnit.SECONDS.sleep(2); // a callback sent again after the lease would arrive now

            assertThat(callbackStatus(battery.database(), paymentId)).as("recorded as not known to have arrived").isEqualTo("unknown");
            assertThat(receiver.received()).as("the callback never left: the instance died before sending").isEmpty();
            assertOneCompletionAndOnePayment(battery.database(), company, paymentId);
            battery.instance(killed).restart();
            Answer read = battery.client().sendTo(killed, Call.get("/external/payments/" + paymentId).header("X-API-Key", key.secret()));
            assertThat(read.status()).as("%s", read).isEqualTo(200);
            assertThat(read.json().getString("status")).isEqualTo("completed");
            assertThat(read.json().getList("webhookAttempts.status")).as("%s", read).containsExactly("unknown");
            battery.assertInvariants();
        }
    }

    private static int awaitOneHalted(Battery battery) throws Exception {
        Eventually.await("an instance halting at callback-before-send", Duration.ofSeconds(60),
                () -> !battery.instance(0).isAlive() || !battery.instance(1).isAlive());
        return battery.instance(0).isAlive() ? 1 : 0;
    }

    private static String callbackStatus(Database database, String externalPaymentId) throws Exception {
        return single(database, "SELECT status FROM external_payment_callbacks WHERE external_payment_id = ?::uuid", externalPaymentId);
    }

    private static void assertOneCompletionAndOnePayment(Database database, Company company, String externalPaymentId)
            throws Exception {
        assertThat(single(database, "SELECT status FROM external_payments WHERE id = ?::uuid", externalPaymentId))
                .isEqualTo("completed");
        assertThat(single(database, "SELECT count(*)::text FROM external_payment_callbacks WHERE company_id = ?::uuid",
                company.id().toString())).as("callbacks").isEqualTo("1");
        assertThat(single(database, "SELECT count(*)::text FROM payments WHERE company_id = ?::uuid", company.id().toString()))
                .as("ledger payments").isEqualTo("1");
        assertThat(single(database, "SELECT count(*)::text FROM payments p JOIN external_payments e ON e.payment_id = p.id"
                + " WHERE e.id = ?::uuid", externalPaymentId)).as("the completion's payment").isEqualTo("1");
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
