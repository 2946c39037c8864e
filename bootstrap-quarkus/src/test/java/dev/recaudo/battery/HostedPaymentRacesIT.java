package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.webhooks.Receiver;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, external payments and the hosted page: each round a hosted external payment with a
 * {@code callbackUrl} on a loopback receiver is opened in two tabs, one on each instance, and each
 * tab's Pay form is submitted twice (a double click), the four posts released together across both
 * instances. Exactly one completion, one payment in the ledger, one callback queued and one
 * delivered. Rounds: {@code -Dbattery.hostedpayment.rounds} (CI 15).
 */
class HostedPaymentRacesIT {

    private static final int ROUNDS = Battery.size("battery.hostedpayment.rounds", 15);
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final long AMOUNT_MINOR = 4550;

    @Test
    void givenTwoTabsOnTwoInstancesEachDoubleSubmittingPay_whenReleasedTogether_thenOneCompletionOnePaymentOneCallback()
            throws Exception {
        Battery battery = Battery.shared(Battery.LOOPBACK_RECEIVERS);
        Company company = battery.company();
        Company.Key key = company.key("battery payments", List.of("payments:create", "payments:read"), "shop", "test");
        // The callback secret, read as its administrator would: the log scan then looks for it too.
        Answer secret = battery.client().send(Call.get("/companies/" + company.id() + "/webhook-secret")
                .header("Authorization", "Bearer " + company.adminToken()));
        assertThat(secret.status()).as("callback secret: %s", secret).isEqualTo(200);
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            List<String> paymentIds = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                paymentIds.add(race(battery, company, key, receiver.url(), round));
            }
            Receiver.await(() -> receiver.received().size() >= ROUNDS, Duration.ofSeconds(60));
            Thread.sleep(1500); // room for a duplicate to show up
            for (String paymentId : paymentIds) {
                assertThat(receiver.received()).as("callbacks of %s", paymentId)
                        .filteredOn(request -> request.body().contains(paymentId)).hasSize(1);
                assertThat(battery.database().text("SELECT status FROM external_payment_callbacks WHERE external_payment_id = ?::uuid",
                        paymentId)).as("callback of %s", paymentId).isEqualTo("delivered");
            }
            assertThat(receiver.received()).hasSize(ROUNDS);
        }
        battery.assertInvariants();
    }

    /** One round; returns the external payment's id. */
    private static String race(Battery battery, Company company, Company.Key key, String callbackUrl, int round) throws Exception {
        Answer created = battery.client().sendWithFailover(Call.post("/external/payments", Json.object(
                "amountMinor", AMOUNT_MINOR, "currency", "USD", "description", "Plan " + round, "callbackUrl", callbackUrl))
                .header("X-API-Key", key.secret()).header("Idempotency-Key", UUID.randomUUID().toString()));
        assertThat(created.status()).as("payment: %s", created).isEqualTo(201);
        String paymentId = created.json().getString("id");
        String page = URI.create(created.json().getString("checkoutUrl")).getPath();
        List<String> tabs = List.of(csrfOf(battery.client().sendTo(0, Call.get(page))), csrfOf(battery.client().sendTo(1, Call.get(page))));
        long paymentsBefore = battery.database().number("SELECT count(*) FROM payments WHERE company_id = ?", company.id());

        // Submits 0 and 1 are tab one's double click, 2 and 3 tab two's; each pair straddles the instances.
        List<Answer> submits = Together.run(4, submit -> () -> battery.client().sendTo(submit % 2, new Call("POST", page,
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "csrf=" + URLEncoder.encode(tabs.get(submit / 2), StandardCharsets.UTF_8))));
        String context = "round " + round + ", submits " + submits;
        assertThat(submits).as(context).extracting(Answer::status).containsOnly(303);

        Answer read = battery.client().send(Call.get("/external/payments/" + paymentId).header("X-API-Key", key.secret()));
        assertThat(read.json().getString("status")).as(context).isEqualTo("completed");
        Database database = battery.database();
        assertThat(database.number("SELECT count(*) FROM payments WHERE company_id = ?", company.id()) - paymentsBefore)
                .as("payments recorded, %s", context).isEqualTo(1);
        String ledgerPayment = database.text("SELECT payment_id FROM external_payments WHERE id = ?::uuid", paymentId);
        assertThat(database.number("SELECT count(*) FROM ledger_transfers WHERE payment_id = ?::uuid", ledgerPayment))
                .as("ledger transfers of the payment, %s", context).isEqualTo(1);
        assertThat(database.number("SELECT count(*) FROM external_payment_callbacks WHERE external_payment_id = ?::uuid", paymentId))
                .as("callbacks queued, %s", context).isEqualTo(1);
        return paymentId;
    }

    private static String csrfOf(Answer page) {
        assertThat(page.status()).as("page: %s", page).isEqualTo(200);
        Matcher matcher = CSRF.matcher(page.body());
        assertThat(matcher.find()).as("the page offers the Pay form: %s", page).isTrue();
        return matcher.group(1);
    }
}
