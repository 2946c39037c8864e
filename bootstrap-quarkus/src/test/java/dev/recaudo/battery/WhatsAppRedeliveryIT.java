package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.messaging.WhatsApp;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 12: WhatsApp redeliveries of one batch racing on both instances. Each round the provider's
 * signed batch of six statuses (three messages) is posted by eight threads released together,
 * alternating instances; every post is acknowledged and each status is stored exactly once, and the
 * company's events list, filtered by each recipient's number, shows its six. Rounds:
 * {@code -Dbattery.whatsapp.rounds} (CI 20).
 */
class WhatsAppRedeliveryIT {

    private static final int ROUNDS = Battery.size("battery.whatsapp.rounds", 20);
    private static final int REDELIVERIES = 8;

    @Test
    void givenOneBatchRedeliveredEightTimes_whenRacingOnBothInstances_thenEveryStatusStoredOnce() throws Exception {
        Battery battery = Battery.shared(Battery.LOOPBACK_RECEIVERS);
        Company company = battery.company();
        Company.Key reader = company.key("battery whatsapp", List.of("whatsapp_events:read"), "erp", "live");
        String origin = "1" + Long.toUnsignedString(UUID.randomUUID().getMostSignificantBits() & Long.MAX_VALUE);
        Answer registered = battery.client().sendWithFailover(Call.post("/operator/companies/" + company.id() + "/whatsapp-origins",
                Json.object("phoneNumberId", origin, "displayPhoneNumber", "+58 212 5550000"))
                .header("Authorization", "Bearer " + Battery.OPERATOR_TOKEN));
        assertThat(registered.status()).as("origin: %s", registered).isEqualTo(201);

        for (int round = 0; round < ROUNDS; round++) {
            String recipient = "58412" + String.format("%07d", round);
            String batch = WhatsApp.body(WhatsApp.change(origin,
                    WhatsApp.status("wamid.R" + round + "A", "sent", recipient), WhatsApp.status("wamid.R" + round + "A", "delivered", recipient),
                    WhatsApp.status("wamid.R" + round + "B", "sent", recipient), WhatsApp.status("wamid.R" + round + "B", "read", recipient),
                    WhatsApp.status("wamid.R" + round + "C", "sent", recipient), WhatsApp.failed("wamid.R" + round + "C", recipient)));
            Call delivery = new Call("POST", "/webhooks/whatsapp",
                    Map.of("Content-Type", "application/json", "X-Hub-Signature-256", WhatsApp.signature(batch)), batch);
            List<Answer> answers = Together.run(REDELIVERIES, thread -> () -> battery.client().sendTo(thread % 2, delivery));
            String context = "round " + round + ", answers " + answers;
            assertThat(answers).as(context).extracting(Answer::status).containsOnly(200);
            assertThat(battery.database().number("SELECT count(*) FROM whatsapp_events WHERE company_id = ? AND recipient_phone = ?",
                    company.id(), recipient)).as(context).isEqualTo(6);
            Answer listed = battery.client().send(Call.get("/v1/whatsapp/events?recipientPhone=" + recipient)
                    .header("Authorization", "Bearer " + reader.secret()));
            assertThat(listed.json().getInt("summary.total")).as("events listed for the recipient: %s", listed).isEqualTo(6);
        }
        assertThat(battery.database().number("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id()))
                .isEqualTo(6L * ROUNDS);
        battery.assertInvariants();
    }
}
