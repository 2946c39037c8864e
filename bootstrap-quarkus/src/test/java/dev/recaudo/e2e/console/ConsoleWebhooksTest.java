package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** Webhook endpoints in the console: registered and rotated with the secret shown once, a delivery sent again, each in the session's environment only. */
@QuarkusTest
class ConsoleWebhooksTest {

    @Test
    void anAdministratorRegistersAnEndpointRotatesItsSecretAndRedeliversFromItsLog() throws Exception {
        Tenants.Company company = Tenants.company();
        Session admin = Session.of(company);
        try (Receiver receiver = new Receiver(ordinal -> 200)) {
            Response registered = ConsoleClient.post(admin, "/console/integration/webhooks", Map.of("url", receiver.url(),
                    "event", "invoice.created"));
            assertThat(registered.statusCode()).isEqualTo(200);
            String secret = Jsoup.parse(registered.asString()).select("#new-secret").text();
            assertThat(secret).startsWith("whsec_");
            String endpoint = Jsoup.parse(registered.asString()).select("table.endpoints tbody tr").attr("data-endpoint");
            assertThat(Sql.text("SELECT array_to_string(events, ',') FROM webhook_endpoints WHERE id = ?::uuid", endpoint))
                    .isEqualTo("invoice.created");

            Invoices.create(Invoices.liveKey(company));
            Receiver.await(() -> receiver.received().size() == 1, Duration.ofSeconds(20));
            assertThat(Receiver.signatureValid(receiver.received().get(0), secret)).isTrue();
            Document log = page(admin, "/console/integration/webhooks/" + endpoint);
            String delivery = log.select("table.deliveries tbody tr").attr("data-delivery");
            assertThat(log.select("table.deliveries td").first().text()).isEqualTo("invoice.created");
            ConsoleClient.post(admin, "/console/integration/webhooks/" + endpoint + "/deliveries/" + delivery + "/redeliver", Map.of())
                    .then().statusCode(303);
            Receiver.await(() -> receiver.received().size() == 2, Duration.ofSeconds(20));

            Response rotated = ConsoleClient.post(admin, "/console/integration/webhooks/" + endpoint + "/rotate", Map.of());
            String replacement = Jsoup.parse(rotated.asString()).select("#new-secret").text();
            assertThat(replacement).startsWith("whsec_").isNotEqualTo(secret);
            assertThat(page(admin, "/console/integration/webhooks").html()).doesNotContain(replacement).doesNotContain(secret);

            ConsoleClient.post(admin, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
            assertThat(page(admin, "/console/integration/webhooks").select("#no-endpoints")).hasSize(1);
            ConsoleClient.get(admin, "/console/integration/webhooks/" + endpoint).then().statusCode(404);
            ConsoleClient.post(admin, "/console/integration/webhooks/" + endpoint + "/rotate", Map.of()).then().statusCode(404);
            ConsoleClient.post(admin, "/console/integration/webhooks/" + endpoint + "/deliveries/" + delivery + "/redeliver", Map.of())
                    .then().statusCode(404);
            Thread.sleep(500);
            assertThat(receiver.received()).hasSize(2);
        }
    }

    @Test
    void anEndpointTheAdministrationApiWouldRefuseIsRefusedWithItsReason() {
        Session admin = Session.of(Tenants.company());
        Response notAUrl = ConsoleClient.post(admin, "/console/integration/webhooks", Map.of("url", "not a url"));
        assertThat(notAUrl.statusCode()).isEqualTo(422);
        assertThat(Jsoup.parse(notAUrl.asString()).select(".problem").text()).isNotEmpty();
        Response unknownEvent = ConsoleClient.post(admin, "/console/integration/webhooks", Map.of("url", "https://example.com/hook",
                "event", "everything.happened"));
        assertThat(unknownEvent.statusCode()).isEqualTo(422);
        assertThat(page(admin, "/console/integration/webhooks").select("#no-endpoints")).hasSize(1);
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
