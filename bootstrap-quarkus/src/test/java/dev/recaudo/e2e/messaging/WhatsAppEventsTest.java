package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.nullValue;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** WhatsApp statuses in through the provider's webhook, out through GET /v1/whatsapp/events. */
@QuarkusTest
class WhatsAppEventsTest {

    private static Tenants.Key reader(Tenants.Company company) {
        return company.createKey(Map.of("name", "messaging", "permissions", List.of("whatsapp_events:read")));
    }

    private static Response events(Tenants.Key key, Map<String, ?> query) {
        return given().auth().oauth2(key.secret()).queryParams(query).get("/v1/whatsapp/events");
    }

    @Test
    void givenHandshake_whenTokenMatches_thenChallengeEchoedAsTextElse403() {
        given().queryParam("hub.mode", "subscribe").queryParam("hub.verify_token", WhatsApp.VERIFY_TOKEN)
                .queryParam("hub.challenge", "1158201444").get("/webhooks/whatsapp")
                .then().statusCode(200).contentType("text/plain").body(equalTo("1158201444"));
        given().queryParam("hub.mode", "subscribe").queryParam("hub.verify_token", "wrong")
                .queryParam("hub.challenge", "1").get("/webhooks/whatsapp").then().statusCode(403);
        given().queryParam("hub.mode", "unsubscribe").queryParam("hub.verify_token", WhatsApp.VERIFY_TOKEN)
                .queryParam("hub.challenge", "1").get("/webhooks/whatsapp").then().statusCode(403);
        given().get("/webhooks/whatsapp").then().statusCode(403);
    }

    @Test
    void givenBadOrMissingSignature_whenDelivered_then401AndNothingStored() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        String body = WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.SIG", "sent", "584121111111")));
        WhatsApp.deliver(body, null).then().statusCode(401);
        WhatsApp.deliver(body, "sha256=" + "0".repeat(64)).then().statusCode(401);
        WhatsApp.deliver(body, WhatsApp.signature(body).substring("sha256=".length())).then().statusCode(401);
        WhatsApp.deliver(body + " ", WhatsApp.signature(body)).then().statusCode(401);
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id())).isZero();
        WhatsApp.deliver(body).then().statusCode(200);
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id())).isEqualTo(1);
    }

    @Test
    void givenBatchFromTwoCompaniesAnUnknownOriginAndAMessage_whenDeliveredTwice_thenEachStatusStoredOnceForItsCompany() {
        Tenants.Company first = Tenants.company();
        Tenants.Company second = Tenants.company();
        String firstOrigin = WhatsApp.origin(first);
        String secondOrigin = WhatsApp.origin(second);
        String body = WhatsApp.body(
                WhatsApp.change(firstOrigin, WhatsApp.status("wamid.A", "sent", "584121111111"),
                        WhatsApp.status("wamid.A", "delivered", "584121111111"), WhatsApp.failed("wamid.B", "584122222222")),
                WhatsApp.change(secondOrigin, WhatsApp.status("wamid.C", "read", "573001234567")),
                WhatsApp.change("999999999999", WhatsApp.status("wamid.D", "sent", "584123333333")),
                WhatsApp.messageChange(firstOrigin));
        WhatsApp.deliver(body).then().statusCode(200);
        WhatsApp.deliver(body).then().statusCode(200);

        Response listed = events(reader(first), Map.of());
        listed.then().statusCode(200)
                .body("summary.total", equalTo(3)).body("summary.sent", equalTo(1)).body("summary.delivered", equalTo(1))
                .body("summary.failed", equalTo(1)).body("summary.read", equalTo(0))
                .body("page", equalTo(1)).body("limit", equalTo(20)).body("totalPages", equalTo(1));
        Map<String, Object> failed = listed.jsonPath().getMap("events.find { it.status == 'failed' }");
        assertThat(failed).containsEntry("messageId", "wamid.B").containsEntry("recipientPhone", "584122222222")
                .containsEntry("errorCode", "131026").containsEntry("errorTitle", "Message undeliverable")
                .containsEntry("providerTimestamp", "2025-11-23T12:13:21Z").containsKeys("id", "receivedAt");
        events(reader(second), Map.of()).then().body("summary.total", equalTo(1)).body("events[0].messageId", equalTo("wamid.C"))
                .body("events[0].errorCode", nullValue());
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE message_id = 'wamid.D'")).isZero();
    }

    @Test
    void givenBatchWithMalformedEntries_whenDelivered_thenTheGoodOnesAreStoredAndTheSkippedNamedInTheLog() throws Exception {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        String body = WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.OK1", "sent", "584121111111"),
                "{\"id\":\"wamid.BAD\",\"status\":\"sent\"}", WhatsApp.status("wamid.BAD2", "deleted", "584121111111"),
                "{\"id\":12,\"status\":[],\"recipient_id\":{}}", WhatsApp.status("wamid.OK2", "read", "584121111111")));
        try (LogCapture log = LogCapture.of("dev.recaudo.rest.messaging.WhatsAppWebhookResource")) {
            WhatsApp.deliver(body).then().statusCode(200);
            assertThat(log.await(line -> line.message().contains("statuses[1]"), Duration.ofSeconds(5))).isPresent();
        }
        events(reader(company), Map.of()).then().body("summary.total", equalTo(2));
        WhatsApp.deliver("not json at all").then().statusCode(200);
        WhatsApp.deliver("[1,2,3]").then().statusCode(200);
        WhatsApp.deliver("{\"entry\":\"x\"}").then().statusCode(200);
    }

    /** Storage failing is not bad content: 5xx, so the provider redelivers, and the redelivery is stored. */
    @Test
    void givenStorageFailing_whenDelivered_then5xxAndTheRedeliveryIsStored() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        String body = WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.OUTAGE", "sent", "584121111111")));
        Sql.execute("ALTER TABLE whatsapp_event_days RENAME TO whatsapp_event_days_away");
        try {
            assertThat(WhatsApp.deliver(body).statusCode()).isBetween(500, 599);
        } finally {
            Sql.execute("ALTER TABLE whatsapp_event_days_away RENAME TO whatsapp_event_days");
        }
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id())).isZero();
        WhatsApp.deliver(body).then().statusCode(200);
        events(reader(company), Map.of()).then().body("summary.total", equalTo(1));
    }

    @Test
    void givenEvents_whenFiltered_thenEveryFilterNarrowsEventsAndSummary() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        Instant before = Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.1", "sent", "584121111111"),
                WhatsApp.status("wamid.1", "delivered", "584121111111"), WhatsApp.status("wamid.2", "sent", "573009999999"),
                WhatsApp.status("wamid.3", "read", "584127777777"), WhatsApp.failed("wamid.4", "584121111111"))))
                .then().statusCode(200);
        Instant after = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        Tenants.Key key = reader(company);

        events(key, Map.of("status", "sent")).then().body("summary.total", equalTo(2)).body("summary.sent", equalTo(2))
                .body("summary.delivered", equalTo(0)).body("events.size()", equalTo(2));
        events(key, Map.of("recipientPhone", "1111111")).then().body("summary.total", equalTo(3))
                .body("events.recipientPhone.unique()", equalTo(List.of("584121111111")));
        events(key, Map.of("recipientPhone", "%")).then().body("summary.total", equalTo(0));
        events(key, Map.of("recipientPhone", "57300", "status", "sent")).then().body("summary.total", equalTo(1));
        // Within a day (events only), across days (day rollup plus edges), the whole history: the same counts.
        for (Map<String, String> window : List.of(Map.of("dateFrom", before.toString(), "dateTo", after.toString()),
                Map.of("dateFrom", before.minus(3, ChronoUnit.DAYS).toString(), "dateTo", after.plus(3, ChronoUnit.DAYS).toString()),
                Map.of("dateFrom", "2000-01-01T00:00:00-04:00"), Map.of("dateTo", "2999-12-31T23:59:59+00:00"), Map.<String, String>of())) {
            events(key, window).then().statusCode(200).body("summary.total", equalTo(5)).body("summary.sent", equalTo(2))
                    .body("summary.delivered", equalTo(1)).body("summary.read", equalTo(1)).body("summary.failed", equalTo(1));
        }
        events(key, Map.of("dateTo", before.minusSeconds(5).toString())).then().body("summary.total", equalTo(0))
                .body("events.size()", equalTo(0)).body("totalPages", equalTo(0));
        events(key, Map.of("dateFrom", after.toString())).then().body("summary.total", equalTo(0));
    }

    /**
     * The spec writes phones as {@code +58...}, the provider reports {@code 58...}: digits are compared
     * with digits, whatever the filter or the stored phone has around them, and a filter without a
     * digit matches nothing.
     */
    @Test
    void givenPhoneFilterInTheSpecFormat_whenQueried_thenItsDigitsMatchTheStoredDigits() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.V1", "sent", "584121111111"),
                WhatsApp.status("wamid.V1", "read", "584121111111"), WhatsApp.status("wamid.C1", "sent", "+57 300-123-4567"))))
                .then().statusCode(200);
        Tenants.Key key = reader(company);

        for (String venezuelan : List.of("+584121111111", "+58 412 111 1111", "+58-412", "(412) 1111111")) {
            events(key, Map.of("recipientPhone", venezuelan)).then().statusCode(200).body("summary.total", equalTo(2))
                    .body("events.messageId.unique()", equalTo(List.of("wamid.V1")));
        }
        events(key, Map.of("recipientPhone", "+584121111111", "status", "read")).then().body("summary.total", equalTo(1))
                .body("events.size()", equalTo(1));
        events(key, Map.of("recipientPhone", "+573001234567")).then().body("summary.total", equalTo(1))
                .body("events[0].recipientPhone", equalTo("+57 300-123-4567"));
        events(key, Map.of("recipientPhone", "3001234")).then().body("summary.total", equalTo(1));
        events(key, Map.of("recipientPhone", "+59")).then().body("summary.total", equalTo(0));
        events(key, Map.of("recipientPhone", "+")).then().statusCode(200).body("summary.total", equalTo(0))
                .body("events.size()", equalTo(0)).body("totalPages", equalTo(0));
    }

    /**
     * {@code dateTo} is inclusive at the precision it is written in: to the second, it takes in the
     * whole of that second (an event at 12:00:00.700 is inside {@code dateTo=12:00:00Z}), in the
     * within-a-day count, in the day rollup's edge and in the page alike.
     */
    @Test
    void givenAnEventWithinASecond_whenDateToNamesThatSecond_thenTheWholeSecondIsIn() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        stored(company, origin, "wamid.IN", "sent", "2025-03-10 12:00:00.700+00");
        stored(company, origin, "wamid.NEXT", "read", "2025-03-10 12:00:01+00");
        stored(company, origin, "wamid.EARLIER", "delivered", "2025-03-09 08:00:00+00");
        Tenants.Key key = reader(company);

        events(key, Map.of("dateFrom", "2025-03-10T12:00:00Z", "dateTo", "2025-03-10T12:00:00Z")).then().statusCode(200)
                .body("summary.total", equalTo(1)).body("summary.sent", equalTo(1)).body("totalPages", equalTo(1))
                .body("events.messageId", equalTo(List.of("wamid.IN")));
        for (String sameSecond : List.of("2025-03-10T12:00:00Z", "2025-03-10T08:00:00-04:00", "2025-03-10T12:00:00.7Z",
                "2025-03-10T12:00:00.700000Z", "2025-03-10T12:00:00.7000009Z")) {
            events(key, Map.of("dateFrom", "2025-03-01T00:00:00Z", "dateTo", sameSecond)).then().statusCode(200)
                    .body("summary.total", equalTo(2)).body("summary.read", equalTo(0))
                    .body("events.messageId", equalTo(List.of("wamid.IN", "wamid.EARLIER")));
        }
        for (String earlier : List.of("2025-03-10T11:59:59Z", "2025-03-10T12:00:00.6Z", "2025-03-10T12:00:00.69Z",
                "2025-03-10T12:00:00.6999999Z")) {
            events(key, Map.of("dateFrom", "2025-03-01T00:00:00Z", "dateTo", earlier)).then().statusCode(200)
                    .body("summary.total", equalTo(1)).body("events.messageId", equalTo(List.of("wamid.EARLIER")));
        }
        events(key, Map.of("dateTo", "9999-12-31T23:59:59Z")).then().statusCode(200).body("summary.total", equalTo(3))
                .body("events.size()", equalTo(3));
    }

    /** An event received at {@code receivedAt}, counted into its day as the webhook counts it. */
    private static void stored(Tenants.Company company, String origin, String messageId, String status, String receivedAt) {
        Sql.execute("INSERT INTO whatsapp_events (id, company_id, phone_number_id, message_id, status, recipient_phone,"
                + " received_at) VALUES (gen_random_uuid(), ?, ?, ?, ?, '584121111111', ?::timestamptz)",
                company.id(), origin, messageId, status, receivedAt);
        Sql.execute("INSERT INTO whatsapp_event_days (company_id, day, status, events)"
                + " VALUES (?, (?::timestamptz AT TIME ZONE 'UTC')::date, ?, 1) ON CONFLICT (company_id, day, status)"
                + " DO UPDATE SET events = whatsapp_event_days.events + 1", company.id(), receivedAt, status);
    }

    @Test
    void givenPages_whenPagedPastTheEnd_thenEmptyEventsKeepTheSummaryAndOrderIsNewestFirst() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        for (int i = 0; i < 3; i++) {
            WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.P" + i, "sent", "58412000000" + i))))
                    .then().statusCode(200);
        }
        Tenants.Key key = reader(company);
        events(key, Map.of("limit", 2)).then().body("events.messageId", equalTo(List.of("wamid.P2", "wamid.P1")))
                .body("totalPages", equalTo(2)).body("limit", equalTo(2));
        events(key, Map.of("limit", 2, "page", 2)).then().body("events.messageId", equalTo(List.of("wamid.P0")));
        events(key, Map.of("limit", 2, "page", "90071992547409")).then().statusCode(200).body("events.size()", equalTo(0))
                .body("summary.total", equalTo(3)).body("page", equalTo(90071992547409L));
    }

    @Test
    void givenInvalidQueries_then422InThePublicEnvelopeNamingTheField() {
        Tenants.Key key = reader(Tenants.company());
        Map<String, Map<String, String>> invalid = Map.ofEntries(
                Map.entry("companyId", Map.of("companyId", "x")),
                Map.entry("attribution", Map.of("attribution", "origin")),
                Map.entry("dateFrom", Map.of("dateFrom", "2026-05-01")),
                Map.entry("dateTo", Map.of("dateTo", "2026-05-01T10:00Z")),
                Map.entry("page", Map.of("page", "90071992547410")),
                Map.entry("limit", Map.of("limit", "101")),
                Map.entry("status", Map.of("status", "deleted")),
                Map.entry("recipientPhone", Map.of("recipientPhone", "1".repeat(65))));
        invalid.forEach((field, query) -> {
            Response response = events(key, query);
            Envelopes.assertPublic(response, 422, 10001);
            response.then().body("errors", hasKey(field));
        });
        Response reversed = events(key, Map.of("dateFrom", "2026-05-02T00:00:00Z", "dateTo", "2026-05-01T23:59:59Z"));
        Envelopes.assertPublic(reversed, 422, 10001);
        events(key, Map.of("page", "0")).then().statusCode(422);
        events(key, Map.of("limit", "0")).then().statusCode(422);
    }

    @Test
    void givenKeyWithoutScopeTestKeyOrNoKey_thenRefusedOrEmpty() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.T", "sent", "584121111111"))))
                .then().statusCode(200);
        Envelopes.assertPublic(given().get("/v1/whatsapp/events"), 401, 10002);
        Tenants.Key noScope = company.createKey(Map.of("name", "invoices", "permissions", List.of("public_invoices:read")));
        Envelopes.assertPublic(events(noScope, Map.of()), 403, 10005);
        Tenants.Key test = company.createKey(Map.of("name", "test", "permissions", List.of("whatsapp_events:read"),
                "environment", "test"));
        Envelopes.assertPublic(given().auth().oauth2(reader(company).secret()).accept("text/html").get("/v1/whatsapp/events"),
                406, 10001);
        events(test, Map.of()).then().statusCode(200).body("summary.total", equalTo(0)).body("events.size()", equalTo(0));
        events(reader(company), Map.of()).then().body("summary.total", equalTo(1));
    }
}
