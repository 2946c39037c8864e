package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** The console's payments: every kind with its rail, what it applied, the credit it created and its outcome, filtered; only the session's. */
@QuarkusTest
class ConsolePaymentsTest {

    @Test
    void paymentsOfEveryKindWithTheirOutcomeAndCredit() {
        Partner partner = Partner.create();
        Tenants.Company company = partner.key.company();
        Session session = Session.of(company);
        partner.createDocument("A", "C-1", "USD", 100_00);
        partner.pay("P-1", "C-1", 130_00, "USD", "A", 100_00).then().statusCode(200);
        partner.createDocument("B", "C-2", "USD", 10_00);
        partner.pay("P-2", "C-2", 365_00, "VES", "B", 10_00).then().statusCode(200).body("status", equalTo("needs_certified_rate"));
        Tenants.Key live = Invoices.liveKey(company);
        String settled = Invoices.create(live).getString("id");
        Invoices.settle(live, settled, "wire-1").then().statusCode(204);

        Document all = page(session, "/console/payments");
        assertThat(all.select("table.payments tbody tr")).hasSize(3);
        Element verified = all.selectFirst("tr[data-payment=P-1]");
        assertThat(cells(verified)).containsExactly("P-1", "Verificado por el socio", "Cliente C-1", "US$130.00", "US$100.00", "US$30.00",
                "Saldo a favor", cells(verified).get(7));
        assertThat(all.selectFirst("tr[data-payment=P-2]").attr("data-outcome")).isEqualTo("needs_certified_rate");
        assertThat(all.selectFirst("tr[data-payment=settlement:" + settled + "]").attr("data-kind")).isEqualTo("provider_settlement");

        assertThat(page(session, "/console/payments?kind=verified").select("tbody tr").eachAttr("data-payment"))
                .containsExactlyInAnyOrder("P-1", "P-2");
        assertThat(page(session, "/console/payments?outcome=credited").select("tbody tr").eachAttr("data-payment")).containsExactly("P-1");
        assertThat(page(session, "/console/payments?currency=VES").select("tbody tr").eachAttr("data-payment")).containsExactly("P-2");
        for (String refused : List.of("?kind=cash", "?outcome=APPLIED", "?currency=EUR")) {
            ConsoleClient.get(session, "/console/payments" + refused).then().statusCode(400);
        }
        assertThat(ConsoleClient.get(session, "/console/payments?cursor=forged").statusCode()).isBetween(400, 499);

        Session stranger = Session.of(Tenants.company());
        assertThat(page(stranger, "/console/payments").select("#no-payments")).hasSize(1);
        ConsoleClient.post(session, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        assertThat(page(session, "/console/payments").select("#no-payments")).hasSize(1);
    }

    private static List<String> cells(Element row) {
        return row.select("td").stream().map(Element::text).toList();
    }

    private static Document page(Session session, String path) {
        return Jsoup.parse(ConsoleClient.get(session, path).then().statusCode(200).extract().asString());
    }
}
