package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Deliveries whose other parts are odd, and summaries whose windows cut days. */
@QuarkusTest
class WhatsAppDeliveryEdgesTest {

    /**
     * A customer's message beside the statuses may hold what the API refuses in its own requests (an
     * escaped NUL, a number beyond a double): Recaudo keeps none of it, so the statuses are stored
     * and the delivery acknowledged instead of refused and redelivered forever.
     */
    @Test
    void givenOddContentOutsideTheStatuses_whenDelivered_thenStatusesStoredAnd200() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        String message = "{\"value\":{\"messaging_product\":\"whatsapp\",\"metadata\":{\"display_phone_number\":\"15550783881\","
                + "\"phone_number_id\":\"" + origin + "\"},\"messages\":[{\"from\":\"16505551234\",\"id\":\"wamid.IN\","
                + "\"timestamp\":\"1749416383\",\"type\":\"text\",\"text\":{\"body\":\"a\\u0000b\"},\"score\":1e400}]},"
                + "\"field\":\"messages\"}";
        String id = "wamid." + UUID.randomUUID();
        WhatsApp.deliver(WhatsApp.body(message, WhatsApp.change(origin, WhatsApp.status(id, "delivered", "584121111111"))))
                .then().statusCode(200).body("stored", equalTo(1));
        assertThat(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ? AND message_id = ?",
                company.id(), id)).isEqualTo(1);
    }

    /**
     * A signed body the parser stops in is acknowledged and dropped; the warning says where the
     * parser stopped, not the token it stopped at, which here is the recipient's phone number.
     */
    @Test
    void givenSignedBodyThatIsNotJson_whenDelivered_then200AndTheWarningQuotesNothingOfIt() throws InterruptedException {
        String phone = "584129876543";
        String body = "{\"entry\":[{\"changes\":[{\"value\":{\"statuses\":[{\"recipient_id\":tel" + phone + "}]}}]}]}";
        try (LogCapture log = LogCapture.of("")) {
            WhatsApp.deliver(body).then().statusCode(200).body("stored", equalTo(0));
            LogCapture.Line warning = log.await(line -> line.message() != null && line.message().contains("WhatsApp delivery skipped"),
                    Duration.ofSeconds(5)).orElseThrow();
            assertThat(warning.message()).contains("line 1, column").doesNotContain(phone);
        }
    }

    /**
     * Whole UTC days come from the rollup and the window's partial days from the events: over a
     * history spread across days (back-dated, with the rollup rebuilt to match), every window,
     * offsets included, counts what the events table counts.
     */
    @Test
    void givenHistoryOverDays_whenWindowsCutDays_thenSummaryEqualsTheCountOfEvents() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        List<String> statuses = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            statuses.add(WhatsApp.status("wamid." + UUID.randomUUID(), i % 3 == 0 ? "delivered" : "sent", "58412" + (1_000_000 + i)));
        }
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, statuses.toArray(String[]::new)))).then().statusCode(200)
                .body("stored", equalTo(40));
        Sql.execute("UPDATE whatsapp_events e SET received_at = timestamptz '2026-03-01T00:00:00Z' + n.r * interval '7 hours'"
                + " FROM (SELECT id, row_number() OVER (ORDER BY message_id) - 1 AS r FROM whatsapp_events"
                + " WHERE company_id = ?) n WHERE e.id = n.id", company.id());
        Sql.execute("DELETE FROM whatsapp_event_days WHERE company_id = ?", company.id());
        Sql.execute("INSERT INTO whatsapp_event_days SELECT company_id, (received_at AT TIME ZONE 'UTC')::date, status, count(*)"
                + " FROM whatsapp_events WHERE company_id = ? GROUP BY 1, 2, 3", company.id());
        String key = company.key("events", List.of("whatsapp_events:read"), "acme").secret();
        String[][] windows = {
                {"2026-03-01T03:00:00Z", "2026-03-09T13:00:00Z"}, {"2026-03-02T00:00:00Z", "2026-03-04T23:59:59Z"},
                {"2026-03-02T00:00:00Z", "2026-03-05T00:00:00Z"}, {"2026-03-03T05:00:00Z", "2026-03-03T20:00:00Z"},
                {"2026-03-01T07:00:00+03:00", "2026-03-06T01:00:00-05:00"}, {"2026-03-02T00:00:00.000001Z", null},
                {null, "2026-03-04T10:00:00Z"}, {"2026-03-04T10:00:00Z", null}, {null, null}};
        for (String[] window : windows) {
            Map<String, String> query = new HashMap<>();
            StringBuilder where = new StringBuilder("company_id = ?");
            List<Object> parameters = new ArrayList<>(List.of(company.id()));
            if (window[0] != null) {
                query.put("dateFrom", window[0]);
                where.append(" AND received_at >= ?::timestamptz");
                parameters.add(window[0]);
            }
            if (window[1] != null) {
                query.put("dateTo", window[1]);
                where.append(" AND received_at <= ?::timestamptz");
                parameters.add(window[1]);
            }
            long total = Sql.count("SELECT count(*) FROM whatsapp_events WHERE " + where, parameters.toArray());
            long delivered = Sql.count("SELECT count(*) FROM whatsapp_events WHERE status = 'delivered' AND " + where,
                    parameters.toArray());
            events(key, query).statusCode(200).body("summary.total", equalTo((int) total))
                    .body("summary.delivered", equalTo((int) delivered)).body("summary.sent", equalTo((int) (total - delivered)));
            query.put("status", "delivered");
            events(key, query).statusCode(200).body("summary.total", equalTo((int) delivered)).body("summary.sent", equalTo(0));
        }
    }

    private static ValidatableResponse events(String key, Map<String, String> query) {
        return given().auth().oauth2(key).queryParams(query).get("/v1/whatsapp/events").then();
    }
}
