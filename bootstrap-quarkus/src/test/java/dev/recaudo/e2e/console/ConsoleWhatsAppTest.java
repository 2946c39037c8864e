package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.messaging.WhatsApp;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** The WhatsApp events summary in the console: counts by status and the events, filtered; the company's live events only. */
@QuarkusTest
class ConsoleWhatsAppTest {

    @Test
    void theSummaryCountsEachStatusAndTheListFollowsTheFilter() {
        Tenants.Company company = Tenants.company();
        String origin = WhatsApp.origin(company);
        WhatsApp.deliver(WhatsApp.body(WhatsApp.change(origin, WhatsApp.status("wamid.A", "sent", "584121111111"),
                WhatsApp.status("wamid.A", "delivered", "584121111111"), WhatsApp.status("wamid.B", "read", "584122222222"),
                WhatsApp.failed("wamid.C", "584123333333")))).then().statusCode(200);
        Session viewer = ConsoleClient.invited(Session.of(company), "viewer");

        Document all = page(viewer, "/console/integration/whatsapp");
        assertThat(List.of(all.select("#total").text(), all.select("#sent").text(), all.select("#delivered").text(),
                all.select("#read").text(), all.select("#failed").text())).containsExactly("4", "1", "1", "1", "1");
        assertThat(all.select("table.events tbody tr")).hasSize(4);
        assertThat(all.select("tr[data-status=failed] td").last().text()).contains("131026");

        assertThat(page(viewer, "/console/integration/whatsapp?status=read").select("table.events tbody tr")).hasSize(1);
        assertThat(page(viewer, "/console/integration/whatsapp?phone=58-412-111").select("table.events tbody tr")).hasSize(2);
        for (String refused : List.of("?status=seen", "?page=0", "?page=abc", "?from=2026-13-01", "?phone=" + "1".repeat(65))) {
            ConsoleClient.get(viewer, "/console/integration/whatsapp" + refused).then().statusCode(400);
        }

        Session stranger = Session.of(Tenants.company());
        assertThat(page(stranger, "/console/integration/whatsapp").select("#total").text()).isEqualTo("0");
        ConsoleClient.post(viewer, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        assertThat(page(viewer, "/console/integration/whatsapp").select("#no-events")).hasSize(1);
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
