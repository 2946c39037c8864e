package dev.recaudo.e2e.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Upkeep;
import dev.recaudo.persistence.janitor.ExpiredRowsJanitor;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Retention deletes WhatsApp statuses past their days; the summary, {@code totalPages} and the
 * pages then still count the same events: the per-day counts lose what retention deleted, in the
 * deleting transaction, so a whole-day summary never counts a deleted event and the last page is
 * never empty.
 */
@QuarkusTest
@TestProfile(Upkeep.class)
class WhatsAppRetentionTest {

    /** Runs enough for the janitor's batches of two, three a run, to reach every expired event here. */
    private static final int RUNS_MAX = 10;

    @Inject
    ExpiredRowsJanitor janitor;

    @Test
    void givenEventsPastTheirRetention_whenPurged_thenSummaryTotalPagesAndPagesCountOnlyWhatIsKept() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.OLD1", "sent", "584121111111"),
                WhatsApp.status("wamid.OLD1", "delivered", "584121111111"), WhatsApp.status("wamid.OLD2", "sent", "584122222222"),
                WhatsApp.failed("wamid.OLD3", "584123333333"), WhatsApp.status("wamid.OLD4", "read", "584124444444"))))
                .then().statusCode(200);
        // Received 91 days ago, as the webhook would have stored and counted them then.
        Sql.execute("UPDATE whatsapp_events SET received_at = received_at - interval '2184 hours' WHERE company_id = ?",
                company.id());
        Sql.execute("UPDATE whatsapp_event_days SET day = day - 91 WHERE company_id = ?", company.id());
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.NEW1", "sent", "584121111111"),
                WhatsApp.status("wamid.NEW1", "delivered", "584121111111"), WhatsApp.status("wamid.NEW2", "sent", "584125555555"))))
                .then().statusCode(200);

        for (int run = 0; run < RUNS_MAX && expired(company) > 0; run++) {
            janitor.purgePastRetention();
        }
        assertThat(expired(company)).isZero();

        Tenants.Key key = company.createKey(Map.of("name", "messaging", "permissions", List.of("whatsapp_events:read")));
        String yearAgo = LocalDate.now(ZoneOffset.UTC).minusDays(365).atStartOfDay().toInstant(ZoneOffset.UTC).toString();
        for (Map<String, String> wholeDays : List.of(Map.<String, String>of(), Map.of("dateFrom", yearAgo))) {
            events(key, with(wholeDays, "limit", "2")).then().statusCode(200)
                    .body("summary.total", equalTo(3)).body("summary.sent", equalTo(2)).body("summary.delivered", equalTo(1))
                    .body("summary.failed", equalTo(0)).body("summary.read", equalTo(0))
                    .body("totalPages", equalTo(2)).body("events.size()", equalTo(2));
            events(key, with(wholeDays, "limit", "2", "page", "2")).then().statusCode(200)
                    .body("events.size()", equalTo(1));
        }
        events(key, Map.of("status", "failed")).then().body("summary.total", equalTo(0)).body("totalPages", equalTo(0));
        assertThat(Sql.count("SELECT coalesce(sum(events), 0) FROM whatsapp_event_days WHERE company_id = ?", company.id()))
                .isEqualTo(Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ?", company.id()));
    }

    /**
     * A deletion holds today's count (retention reaching into the day being ingested, or an
     * operator's erasure) while the webhook stores more of the same day: the ingestion waits for
     * the count, and once both have committed it counts exactly the events kept.
     */
    @Test
    void givenADeletionHoldingADaysCount_whenTheSameDayIsIngested_thenTheCountIsTheEventsKept() throws Exception {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.R1", "sent", "584121111111"),
                WhatsApp.status("wamid.R2", "sent", "584122222222"), WhatsApp.status("wamid.R3", "sent", "584123333333"))))
                .then().statusCode(200);
        String more = WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.R4", "sent", "584124444444"),
                WhatsApp.status("wamid.R5", "sent", "584125555555")));

        try (Connection deleting = ServiceUnderTest.connect()) {
            deleting.setAutoCommit(false);
            Sql.execute(deleting, "DELETE FROM whatsapp_events WHERE company_id = ? AND message_id = 'wamid.R1'", company.id());
            CompletableFuture<Integer> ingesting = CompletableFuture.supplyAsync(() -> WhatsApp.deliver(more).statusCode());
            awaitAWaitForALock(ingesting);
            deleting.commit();
            assertThat(ingesting.get(30, TimeUnit.SECONDS)).isEqualTo(200);
        }

        assertThat(Sql.count("SELECT coalesce(sum(events), 0) FROM whatsapp_event_days WHERE company_id = ?", company.id()))
                .isEqualTo(4);
        Tenants.Key key = company.createKey(Map.of("name", "messaging", "permissions", List.of("whatsapp_events:read")));
        events(key, Map.of()).then().body("summary.total", equalTo(4)).body("summary.sent", equalTo(4))
                .body("events.size()", equalTo(4));
    }

    /** Until a statement of this database waits for a row lock: the ingestion, on the count the deletion holds. */
    private static void awaitAWaitForALock(CompletableFuture<?> ingesting) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Sql.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND wait_event_type = 'Lock' AND query LIKE '%whatsapp_event_days%'") == 0) {
            assertThat(ingesting).as("the ingestion ended without waiting for the deletion's count").isNotDone();
            assertThat(System.nanoTime()).as("the ingestion never waited for the deletion's count").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static long expired(Tenants.Company company) {
        return Sql.count("SELECT count(*) FROM whatsapp_events WHERE company_id = ? AND received_at < now() - interval '90 days'",
                company.id());
    }

    private static Map<String, String> with(Map<String, String> query, String... more) {
        Map<String, String> all = new HashMap<>(query);
        for (int i = 0; i < more.length; i += 2) {
            all.put(more[i], more[i + 1]);
        }
        return all;
    }

    private static Response events(Tenants.Key key, Map<String, ?> query) {
        return given().auth().oauth2(key.secret()).queryParams(query).get("/v1/whatsapp/events");
    }
}
