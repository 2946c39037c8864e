package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.bootstrap.LedgerInvariantWatch;
import dev.recaudo.domain.ledger.LedgerAudit;
import dev.recaudo.e2e.support.CountingDriver;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Upkeep;
import dev.recaudo.rest.common.RequestIds;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

/**
 * The scheduled ledger audit, run by calling its job: on healthy rows every invariant gauge reads 0;
 * a document whose total was raised by SQL is counted under I1, logged at ERROR by its id, and the
 * gauge goes back to 0 once the row is repaired. A check never runs beside another instance's.
 */
@QuarkusTest
@TestProfile(Upkeep.class)
class LedgerAuditTest {

    private static final Pattern VIOLATIONS = Pattern.compile(
            "^recaudo_ledger_invariant_violations\\{invariant=\"(I[1-5])\",?} (\\S+)$", Pattern.MULTILINE);
    private static final Pattern CHECKED_AT = Pattern.compile(
            "^recaudo_ledger_invariants_last_check_timestamp_seconds (\\S+)$", Pattern.MULTILINE);

    @Inject
    LedgerInvariantWatch watch;

    @Inject
    LedgerAudit audit;

    @Test
    void givenHealthyThenCorruptedThenRepairedRows_whenChecked_thenTheGaugesAndTheLogFollow() throws Exception {
        Tenants.Key key = Invoices.testKey(Tenants.company());
        String paid = Invoices.create(key).getString("id");
        Invoices.settle(key, paid, "ext-settled").then().statusCode(204);
        String open = Invoices.create(key).getString("id");

        watch.check();
        assertThat(violations()).isEqualTo(Map.of("I1", 0.0, "I2", 0.0, "I3", 0.0, "I4", 0.0, "I5", 0.0));
        double firstCheckAt = checkedAt();
        assertThat(firstCheckAt).isPositive();

        Sql.execute("UPDATE collection_documents SET total_minor = total_minor + 1 WHERE id = ?::uuid", open);
        try (LogCapture log = LogCapture.of("dev.recaudo.application.ledger")) {
            watch.check();
            assertThat(violations()).isEqualTo(Map.of("I1", 1.0, "I2", 0.0, "I3", 0.0, "I4", 0.0, "I5", 0.0));
            assertThat(log.lines()).anyMatch(line -> line.isError() && line.message().contains("I1 ")
                    && line.message().contains("document " + open));
            assertThat(log.lines()).noneMatch(line -> line.message().contains(paid));
        } finally {
            Sql.execute("UPDATE collection_documents SET total_minor = total_minor - 1 WHERE id = ?::uuid", open);
        }

        watch.check();
        assertThat(violations()).isEqualTo(Map.of("I1", 0.0, "I2", 0.0, "I3", 0.0, "I4", 0.0, "I5", 0.0));
        assertThat(checkedAt()).isGreaterThan(firstCheckAt);
    }

    @Test
    void givenAnotherInstanceChecking_whenChecked_thenThisOneSkipsItsScan() throws Exception {
        try (Connection other = PostgresTestDatabase.connect()) {
            other.setAutoCommit(false);
            try (PreparedStatement lock = other.prepareStatement(
                    "SELECT pg_advisory_xact_lock(hashtextextended('ledger-invariants', 0))")) {
                lock.execute();
            }

            assertThat(audit.check()).isInstanceOf(LedgerAudit.CheckedElsewhere.class);

            other.rollback();
        }
        assertThat(audit.check()).isInstanceOf(LedgerAudit.Completed.class);
    }

    /**
     * Issue 25: the audit's single snapshot is set for its transaction only. A session-level setting
     * would stay, under PgBouncer's transaction pooling, on a server connection other clients get.
     */
    @Test
    void givenACheck_whenItRuns_thenItsIsolationIsItsTransactionsNotTheSessions() {
        String id = "ledger-audit-" + UUID.randomUUID();
        MDC.put(RequestIds.MDC_KEY, id);
        try {
            assertThat(audit.check()).isInstanceOf(LedgerAudit.Completed.class);
        } finally {
            MDC.remove(RequestIds.MDC_KEY);
        }

        List<CountingDriver.Trip> trips = CountingDriver.of(id);
        assertThat(trips).extracting(CountingDriver.Trip::sql).noneMatch(sql -> sql.startsWith(CountingDriver.SESSION_ISOLATION));
        assertThat(trips).first().extracting(CountingDriver.Trip::sql).isEqualTo("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    }

    private static Map<String, Double> violations() {
        Matcher gauges = VIOLATIONS.matcher(scrape());
        Map<String, Double> byInvariant = new TreeMap<>();
        gauges.results().forEach(gauge -> byInvariant.put(gauge.group(1), Double.parseDouble(gauge.group(2))));
        return byInvariant;
    }

    private static double checkedAt() {
        Matcher gauge = CHECKED_AT.matcher(scrape());
        assertThat(gauge.find()).as("the last check's time is exported").isTrue();
        return Double.parseDouble(gauge.group(1));
    }

    private static String scrape() {
        return given().accept("text/plain").get("/q/metrics").then().statusCode(200).extract().asString();
    }
}
