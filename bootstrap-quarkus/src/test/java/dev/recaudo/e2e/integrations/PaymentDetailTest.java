package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every payment the list shows is readable by its {@code externalPaymentId}, whatever its kind:
 * settlements and checkout payments carry reserved prefixes that partners' own ids cannot take.
 */
@QuarkusTest
class PaymentDetailTest {

    private static Partner testPartner(Tenants.Company company, String source) {
        List<String> permissions = new ArrayList<>(Partner.ALL);
        permissions.addAll(Invoices.READ_WRITE);
        return new Partner(company.createKey(
                Map.of("name", source, "permissions", permissions, "source", source, "environment", "test")));
    }

    private static Map<String, Object> invoiceOf(String providerId) {
        Map<String, Object> body = Invoices.body();
        body.put("provider", "acme-erp");
        body.put("provider_id", providerId);
        return body;
    }

    @Test
    void givenPaymentsOfEveryKind_whenReadingEachListedOneByItsId_thenTheSamePaymentAndOnlyForItsPartner() {
        Tenants.Company company = Tenants.company();
        Partner partner = testPartner(company, "acme-erp");
        Partner other = testPartner(company, "other-erp");
        // A settlement whose provider payment id is also the partner's id of a verified payment.
        String settled = Invoices.create(partner.key, invoiceOf("INV-1")).getString("id");
        Invoices.settle(partner.key, settled, "P-1").then().statusCode(204);
        String checkout = Invoices.create(partner.key, invoiceOf("INV-2")).getString("payment.id");
        Invoices.completeCheckout(partner.key, checkout).then().statusCode(200);
        partner.createDocument("A", "C-1", "USD", 1000);
        partner.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200).body("status", equalTo("applied"));

        JsonPath list = partner.get("/payments").then().statusCode(200).body("items.size()", equalTo(3))
                .extract().jsonPath();
        List<String> ids = list.getList("items.externalPaymentId");
        assertThat(ids).containsExactlyInAnyOrder("P-1", "settlement:" + settled, "checkout:" + checkout);
        for (int i = 0; i < ids.size(); i++) {
            partner.get("/payments/" + ids.get(i)).then().statusCode(200)
                    .body("paymentId", equalTo(list.getString("items[" + i + "].paymentId")))
                    .body("externalPaymentId", equalTo(ids.get(i)));
            other.get("/payments/" + ids.get(i)).then().statusCode(404).body("error.code", equalTo("not_found"));
        }
        partner.get("/collection-documents/INV-1").then()
                .body("appliedPayments[0].externalPaymentId", equalTo("settlement:" + settled));
    }

    @Test
    void givenReservedPrefix_whenVerifiedPaymentTakesIt_then400AndNothingWritten() {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        for (String reserved : List.of("settlement:A", "checkout:A", "external:A", "Checkout:A", "SETTLEMENT:x")) {
            partner.pay(reserved, "C-1", 1000, "USD", "A", 1000).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.message", containsString("externalPaymentId must not start with"));
        }
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", partner.key.company().id())).isZero();
    }
}
