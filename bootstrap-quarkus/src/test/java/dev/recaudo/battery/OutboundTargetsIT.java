package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import dev.recaudo.e2e.support.HostileTargets;
import dev.recaudo.e2e.support.LoopbackCanary;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, outbound requests on two instances with production's target rules: every internal
 * target that needs no lookup (loopback in every encoding, private, link-local, CGNAT, metadata),
 * aimed at a loopback canary, is refused as a webhook endpoint and as a payment callback on either
 * instance, nothing is stored, and events raised afterwards reach nothing. The cases that need a
 * scripted resolver (names, rebinding) stay in-process, in {@code OutboundRequestsTest}.
 */
class OutboundTargetsIT {

    /** Production's rule, spelled out so the test does not lean on a default; dispatched every 200 ms. */
    private static final Map<String, String> PRODUCTION_TARGETS = Map.of(
            "RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS", "false",
            "RECAUDO_WEBHOOKS_DISPATCH_INTERVAL", "200ms",
            "RECAUDO_CALLBACKS_DISPATCH_INTERVAL", "200ms");
    private static final int INVOICES = 5;
    /** Ten dispatcher periods, for deliveries of the invoices' events, were any endpoint stored. */
    private static final long DISPATCH_WAIT_MILLIS = 2_000;

    @Test
    void givenInternalTargets_whenRegisteredOnEitherInstance_thenRefusedNothingStoredAndTheCanaryNeverReached() throws Exception {
        Battery battery = Battery.shared(PRODUCTION_TARGETS);
        Company company = battery.company();
        Company.Key payments = company.key("battery payments", List.of("payments:create", "payments:read"), "shop", "test");
        try (LoopbackCanary canary = new LoopbackCanary()) {
            List<String> urls = HostileTargets.literalUrls(canary.port());
            for (int i = 0; i < urls.size(); i++) {
                String url = urls.get(i);
                assertEndpointRefused(battery.client().sendTo(i % 2, Call.post("/companies/" + company.id() + "/webhook-endpoints",
                        Json.object("url", url)).header("Authorization", "Bearer " + company.adminToken())), url);
                assertCallbackRefused(battery.client().sendTo((i + 1) % 2, Call.post("/external/payments",
                        Json.object("amountMinor", 100, "currency", "USD", "callbackUrl", url))
                        .header("X-API-Key", payments.secret()).header("Idempotency-Key", UUID.randomUUID().toString())), url);
            }
            Database database = battery.database();
            assertThat(database.number("SELECT count(*) FROM webhook_endpoints WHERE company_id = ?", company.id())).isZero();
            assertThat(database.number("SELECT count(*) FROM external_payments WHERE company_id = ?", company.id())).isZero();

            createInvoices(battery, company.invoicesKey());
            Thread.sleep(DISPATCH_WAIT_MILLIS);
            assertThat(canary.connections()).as("connections that reached the loopback canary, %d URLs", urls.size()).isZero();
        }
        battery.assertInvariants();
    }

    /** The administration family's envelope, {@code errors.url} naming the field. */
    private static void assertEndpointRefused(Answer answer, String url) {
        assertThat(answer.status()).as("endpoint %s: %s", url, answer).isEqualTo(422);
        assertThat(answer.json().getMap("")).as("endpoint %s: %s", url, answer).containsOnlyKeys("message", "code", "code_name", "errors");
        assertThat(answer.json().getMap("errors")).as("endpoint %s: %s", url, answer).containsKey("url");
    }

    /** The external payments family's envelope. */
    private static void assertCallbackRefused(Answer answer, String url) {
        assertThat(answer.status()).as("callback %s: %s", url, answer).isEqualTo(400);
        assertThat(answer.json().getMap("")).as("callback %s: %s", url, answer)
                .containsOnlyKeys("statusCode", "message", "error", "timestamp", "path");
        assertThat(answer.json().getString("path")).isEqualTo("/external/payments");
    }

    /** Invoices whose {@code invoice.created} events an endpoint of the company would be sent, on both instances. */
    private static void createInvoices(Battery battery, Company.Key key) throws Exception {
        for (int i = 0; i < INVOICES; i++) {
            Answer created = battery.client().sendTo(i % 2, Call.post("/v1/invoices", Json.object(
                    "reference", "V-12.345.678", "provider", "erp", "amount", 20, "name", "Factura " + i))
                    .header("Authorization", "Bearer " + key.secret()).header("x-idempotency", UUID.randomUUID().toString()));
            assertThat(created.status()).as("invoice: %s", created).isEqualTo(201);
        }
    }
}
