package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** The audit trail in the console: every person's actions, filtered by person, operation and days; only the company's own. */
@QuarkusTest
class ConsoleAuditTest {

    @Test
    void theTrailIsFilteredByPersonOperationAndDay() {
        Tenants.Company company = Tenants.company();
        Session admin = Session.of(company);
        Session clerk = ConsoleClient.invited(admin, "clerk");
        ConsoleClient.post(clerk, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        String clerkId = Sql.text("SELECT id::text FROM admin_users WHERE company_id = ? AND role = 'clerk'", company.id());
        String clerkEmail = Sql.text("SELECT email FROM admin_users WHERE id = ?::uuid", clerkId);

        Document all = page(admin, "/console/integration/audit");
        assertThat(all.select("table.audit td.actor").eachText()).contains(company.adminEmail().toLowerCase(), clerkEmail);
        assertThat(all.select("table.audit td.operation").eachText()).anyMatch(operation -> operation.contains("environment"))
                .anyMatch(operation -> operation.contains("people"));

        Document theClerks = page(admin, "/console/integration/audit?person=" + clerkId);
        assertThat(theClerks.select("table.audit td.actor").eachText()).isNotEmpty().containsOnly(clerkEmail);
        Document switches = page(admin, "/console/integration/audit?operation=ENVIRONMENT");
        assertThat(switches.select("table.audit td.operation").eachText()).isNotEmpty().allMatch(operation -> operation.contains("environment"));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertThat(page(admin, "/console/integration/audit?until=" + today.minusDays(1)).select("#no-records")).hasSize(1);
        assertThat(page(admin, "/console/integration/audit?from=" + today + "&until=" + today).select("table.audit tbody tr")).isNotEmpty();
        assertThat(page(admin, "/console/integration/audit?operation=%25").select("#no-records")).hasSize(1);
        for (String refused : List.of("?person=someone", "?from=2026-02-30", "?operation=" + "x".repeat(101))) {
            ConsoleClient.get(admin, "/console/integration/audit" + refused).then().statusCode(400);
        }

        Session stranger = Session.of(Tenants.company());
        Document theirs = page(stranger, "/console/integration/audit?person=" + clerkId);
        assertThat(theirs.select("#no-records")).hasSize(1);
        assertThat(page(stranger, "/console/integration/audit").html()).doesNotContain(clerkEmail);
        ConsoleClient.get(clerk, "/console/integration/audit").then().statusCode(403);
        assertThat(page(admin, "/console/integration/audit?person=" + UUID.randomUUID()).select("#no-records")).hasSize(1);
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
