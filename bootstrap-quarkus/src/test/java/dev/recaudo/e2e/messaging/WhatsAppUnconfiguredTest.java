package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Without the app secret and verify token, nothing is accepted: deliveries 503 (redelivered later), handshakes 403. */
@QuarkusTest
@TestProfile(WhatsAppUnconfiguredTest.Unconfigured.class)
class WhatsAppUnconfiguredTest {

    public static class Unconfigured implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.whatsapp.app-secret", "", "recaudo.whatsapp.verify-token", "");
        }
    }

    @Test
    void givenNoSecrets_whenDeliveredOrVerified_thenRefusedAndNothingStored() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        String body = WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.N", "sent", "584121111111")));
        WhatsApp.deliver(body).then().statusCode(503);
        given().queryParam("hub.mode", "subscribe").queryParam("hub.verify_token", "")
                .queryParam("hub.challenge", "1").get("/webhooks/whatsapp").then().statusCode(403);
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id())).isZero();
    }
}
