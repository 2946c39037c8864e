package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StatementRecorder;
import dev.recaudo.e2e.support.StatementRecorder.Statement;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.persistence.common.NativeSql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The events query on a large history (100,000 events of one company over a year, docs/performance.md
 * has the timings on a million): every statement it runs is explained with its parameters, and none
 * walks the events table; the whole-history summary reads only the per-day counts; the phone filter,
 * in the spec's format or as bare digits, uses the trigram index on the digits; a page past the end runs no events query.
 */
@QuarkusTest
@TestProfile(MessagingPlansTest.LargeHistory.class)
class MessagingPlansTest {

    /** A database of its own, so no other test shares the load or the statistics. */
    public static class LargeHistory implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("recaudo.jobs.poll-interval", "off");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    StatementRecorder recorder;

    @Inject
    NativeSql nativeSql;

    @Test
    void givenAYearOfEvents_whenQueried_thenNoStatementWalksTheEventsTable() throws Exception {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        Sql.execute("INSERT INTO whatsapp_events (id, company_id, phone_number_id, message_id, status, recipient_phone,"
                + " received_at) SELECT gen_random_uuid(), ?, ?, 'wamid.seed' || g, (ARRAY['sent','delivered','read','failed'])"
                + "[1 + g % 4], '58412' || lpad((g % 20000)::text, 7, '0'), timestamptz '2025-01-01 00:00:00+00'"
                + " + g * interval '315 seconds' FROM generate_series(1, 100000) g", company.id(), origin);
        Sql.execute("INSERT INTO whatsapp_event_days (company_id, day, status, events) SELECT company_id,"
                + " (received_at AT TIME ZONE 'UTC')::date, status, count(*) FROM whatsapp_events WHERE company_id = ?"
                + " GROUP BY 1, 2, 3", company.id());
        Sql.execute("ANALYZE whatsapp_events");
        Sql.execute("ANALYZE whatsapp_event_days");
        Tenants.Key key = company.createKey(Map.of("name", "messaging", "permissions", List.of("whatsapp_events:read")));

        List<Statement> wholeHistory = run(key, Map.of());
        assertThat(wholeHistory).extracting(Statement::sql)
                .noneMatch(sql -> sql.contains("count(*) FROM whatsapp_events"))
                .anyMatch(sql -> sql.contains("FROM whatsapp_event_days"));
        List<Statement> all = new ArrayList<>(wholeHistory);
        all.addAll(run(key, Map.of("dateFrom", "2025-06-10T00:00:00Z", "dateTo", "2025-06-10T23:59:59Z")));
        all.addAll(run(key, Map.of("dateFrom", "2025-06-01T00:00:00-04:00", "dateTo", "2025-06-30T23:59:59-04:00")));
        all.addAll(run(key, Map.of("status", "failed", "page", "3")));
        all.addAll(run(key, Map.of("page", "4000", "limit", "20")));
        List<Statement> phone = run(key, Map.of("recipientPhone", "12345"));
        all.addAll(phone);
        assertThat(plans(phone)).anyMatch(plan -> plan.contains("whatsapp_events_phone_digit_trigrams"));
        List<Statement> specFormat = run(key, Map.of("recipientPhone", "+58 412 0012"));
        all.addAll(specFormat);
        assertThat(plans(specFormat)).anyMatch(plan -> plan.contains("whatsapp_events_phone_digit_trigrams"));

        List<Statement> pastTheEnd = run(key, Map.of("page", "90071992547409"));
        assertThat(pastTheEnd).extracting(Statement::sql).noneMatch(sql -> sql.contains("JOIN (SELECT id FROM whatsapp_events"));

        assertThat(walks(all)).isEmpty();
    }

    private List<Statement> run(Tenants.Key key, Map<String, String> query) {
        return recorder.record(() -> {
            Response answer = given().auth().oauth2(key.secret()).queryParams(query).get("/v1/whatsapp/events");
            answer.then().statusCode(200);
            return answer.header("X-Request-Id");
        });
    }

    private List<String> plans(List<Statement> statements) throws Exception {
        List<String> plans = new ArrayList<>();
        for (Statement statement : statements) {
            plans.add(nativeSql.queryOne("EXPLAIN (FORMAT JSON) " + statement.sql(), row -> row.getString(1),
                    statement.parameters().toArray()).orElseThrow());
        }
        return plans;
    }

    /** Sequential scans of the events table, or scans of its indexes that no condition bounds. */
    private List<String> walks(List<Statement> statements) throws Exception {
        List<String> walks = new ArrayList<>();
        List<String> plans = plans(statements);
        for (int i = 0; i < plans.size(); i++) {
            collectWalks(JSON.readTree(plans.get(i)).get(0).get("Plan"), statements.get(i).sql(), walks);
        }
        return walks;
    }

    private static void collectWalks(JsonNode node, String sql, List<String> walks) {
        if ("whatsapp_events".equals(node.path("Relation Name").asText())) {
            String type = node.path("Node Type").asText();
            if (type.equals("Seq Scan") || (type.startsWith("Index") && node.path("Index Cond").asText("").isEmpty())) {
                walks.add(type + " in: " + sql);
            }
        }
        node.path("Plans").forEach(child -> collectWalks(child, sql, walks));
    }
}
