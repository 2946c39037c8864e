package dev.recaudo.e2e.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The app secret alone is not a configuration: without the verify token a correctly signed delivery is refused too. */
@QuarkusTest
@TestProfile(WhatsAppHalfConfiguredTest.NoVerifyToken.class)
class WhatsAppHalfConfiguredTest {

    public static class NoVerifyToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.whatsapp.verify-token", "");
        }
    }

    @Test
    void givenOnlyTheAppSecret_whenSignedDeliveryArrives_then503AndNothingStored() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.HALF", "sent", "584121111111"))))
                .then().statusCode(503);
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id())).isZero();
    }
}
