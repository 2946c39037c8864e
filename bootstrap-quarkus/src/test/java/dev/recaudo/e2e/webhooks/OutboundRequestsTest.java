package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasKey;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.HostileTargets;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LoopbackCanary;
import dev.recaudo.e2e.support.ScriptedNames;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Server-side request forgery through the whole service, with production's target rules (private
 * targets not allowed) and names resolved by {@link ScriptedNames}: webhook endpoints and callback
 * URLs aimed at internal addresses, written in any encoding or behind a name, are refused when
 * registered; a name that rebinds to loopback after registration gets its attempts recorded as
 * refused. A loopback canary counts connections; it must see none.
 */
@QuarkusTest
@TestProfile(OutboundRequestsTest.ProductionTargetsScriptedNames.class)
class OutboundRequestsTest {

    public static class ProductionTargetsScriptedNames implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.webhooks.allow-private-targets", "false");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(ScriptedNames.class);
        }
    }

    private static final String PUBLIC = "93.184.216.34";

    @Inject
    ScriptedNames names;

    private LoopbackCanary canary;

    @BeforeEach
    void openCanary() throws IOException {
        canary = new LoopbackCanary();
    }

    @AfterEach
    void canaryNeverReached() throws IOException {
        canary.close();
        assertThat(canary.connections()).as("connections that reached the loopback canary").isZero();
    }

    @Test
    void givenInternalTargetsInAnyEncodingOrBehindAName_whenRegisteringEndpointsAndCallbacks_thenRefusedAndNothingStored() {
        Tenants.Company company = Tenants.company();
        Tenants.Key key = company.createKey(Map.of("name", "shop", "environment", "test"));
        for (int i = 0; i < HostileTargets.INTERNAL.size(); i++) {
            names.answer("internal-" + i + ".example.test", HostileTargets.INTERNAL.get(i));
            names.answer("mixed-" + i + ".example.test", PUBLIC + "," + HostileTargets.INTERNAL.get(i));
        }
        List<String> urls = new ArrayList<>(HostileTargets.ENCODED);
        for (int i = 0; i < HostileTargets.INTERNAL.size(); i++) {
            urls.add("https://internal-" + i + ".example.test:{p}/h");
            urls.add("https://mixed-" + i + ".example.test:{p}/h");
        }

        for (String template : urls) {
            String url = HostileTargets.aimedAt(template, canary.port());
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(Map.of("url", url))
                    .post("/companies/{id}/webhook-endpoints", company.id())
                    .then().statusCode(422).body("errors", hasKey("url"));
            Envelopes.assertStatus(ExternalPayments.post(key, "/external/payments",
                    Map.of("amountMinor", 100, "currency", "USD", "callbackUrl", url)), 400, "/external/payments");
        }
        assertThat(Sql.count("SELECT count(*) FROM webhook_endpoints WHERE company_id = ?", company.id())).isZero();
        assertThat(Sql.count("SELECT count(*) FROM external_payments WHERE company_id = ?", company.id())).isZero();
    }

    /** Public when registered, loopback when delivered: every attempt is refused on the address it resolved to then. */
    @Test
    void givenEndpointWhoseNameRebindsToLoopback_whenEventsAreDelivered_thenEachAttemptRefusedAndRecorded() throws Exception {
        String host = "rebind-" + UUID.randomUUID() + ".example.test";
        names.answer(host, PUBLIC, "127.0.0.1");
        Tenants.Company company = Tenants.company();
        String endpointId = given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://" + host + ":" + canary.port() + "/hook", "events", List.of("invoice.created")))
                .post("/companies/{id}/webhook-endpoints", company.id())
                .then().statusCode(201).extract().path("id");

        Invoices.create(Invoices.liveKey(company));
        String attemptsSql = "SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id"
                + " WHERE d.endpoint_id = ?::uuid";
        Receiver.await(() -> "DEAD".equals(Sql.text("SELECT string_agg(status, ',') FROM webhook_deliveries"
                + " WHERE endpoint_id = ?::uuid", endpointId)), Duration.ofSeconds(30));

        assertThat(Sql.count(attemptsSql, endpointId)).as("every attempt of the budget was made and recorded").isEqualTo(3);

        assertThat(Sql.count(attemptsSql + " AND a.error LIKE 'target refused: The host resolves to a loopback address%'",
                endpointId)).isEqualTo(Sql.count(attemptsSql, endpointId));
        assertThat(Sql.count(attemptsSql + " AND a.status_code IS NOT NULL", endpointId)).isZero();
        assertThat(names.lookups(host)).as("one lookup at registration and one per attempt")
                .isEqualTo(1 + Sql.count(attemptsSql, endpointId));
    }

    @Test
    void givenCallbackWhoseNameRebindsToLoopback_whenThePaymentCompletes_thenTheOneAttemptIsRecordedAsFailed() throws Exception {
        String host = "rebind-" + UUID.randomUUID() + ".example.test";
        names.answer(host, PUBLIC, "127.0.0.1");
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "shop", "environment", "test"));
        JsonPath created = ExternalPayments.hosted(key, Map.of("amountMinor", 2500, "currency", "USD",
                "callbackUrl", "https://" + host + ":" + canary.port() + "/callback"));
        ExternalPayments.completeInSandbox(key, ExternalPayments.checkoutId(created)).then().statusCode(200);
        UUID paymentId = UUID.fromString(created.getString("id"));
        String statusSql = "SELECT status FROM external_payment_callbacks WHERE external_payment_id = ?";
        Receiver.await(() -> !List.of("queued", "attempting").contains(Sql.text(statusSql, paymentId)), Duration.ofSeconds(20));

        assertThat(Sql.text(statusSql, paymentId)).isEqualTo("failed");
        assertThat(Sql.text("SELECT error FROM external_payment_callbacks WHERE external_payment_id = ?", paymentId))
                .startsWith("target refused: The host resolves to a loopback address");
        assertThat(names.lookups(host)).as("one lookup at creation, one for the attempt").isEqualTo(2);
    }
}
