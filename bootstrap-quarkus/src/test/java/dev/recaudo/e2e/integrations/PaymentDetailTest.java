package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.recaudo.e2e.support.Integrations;
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

        Integrations.awaitChangeFeeds();
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

    @Test
    void givenKeyWithoutSource_whenReadingEachListedPayment_thenItNamesThePartnerWithSource() {
        Tenants.Company company = Tenants.company();
        Partner acme = testPartner(company, "acme-erp");
        Partner other = testPartner(company, "other-erp");
        acme.createDocument("A", "C-1", "USD", 1000);
        acme.pay("P-1", "C-1", 1000, "USD", "A", 1000).then().statusCode(200);
        other.post("/collection-documents/upsert", Partner.document("B", "C-9", "USD", 500).replace("acme-erp", "other-erp"))
                .then().statusCode(201);
        other.post("/verified-payments", Partner.payment("P-1", "C-9", 500, "USD", "B", 500).replace("acme-erp", "other-erp"))
                .then().statusCode(200);
        Partner auditor = new Partner(company.createKey(Map.of("name", "auditor", "environment", "test",
                "permissions", List.of("payments:read", "collection_documents:read"))));

        Integrations.awaitChangeFeeds();
        JsonPath list = auditor.get("/payments").then().statusCode(200).body("items.size()", equalTo(2)).extract().jsonPath();
        for (int i = 0; i < 2; i++) {
            String source = list.getString("items[" + i + "].source");
            auditor.get("/payments/P-1", "source=" + source).then().statusCode(200)
                    .body("paymentId", equalTo(list.getString("items[" + i + "].paymentId")))
                    .body("source", equalTo(source));
        }
        auditor.get("/payments/P-1").then().statusCode(400).body("error.message", containsString("source is required"));
        auditor.get("/collection-documents/B", "source=other-erp").then().statusCode(200).body("source", equalTo("other-erp"));
        acme.get("/payments/P-1", "source=other-erp").then().statusCode(403).body("error.code", equalTo("forbidden"));
    }

    @Test
    void givenDocumentSettledFromProvider_whenSettledAgain_thenTheSameProviderPaymentIs204AndAnotherIs409() {
        Tenants.Company company = Tenants.company();
        Partner partner = testPartner(company, "acme-erp");
        // A document of the integrations API has no checkout: the provider's payment id lives on the settlement.
        String invoiceId = partner.createDocument("D", "C-1", "USD", 1000).getString("invoiceId");

        Invoices.settle(partner.key, invoiceId, "BANK-7").then().statusCode(204);
        Invoices.settle(partner.key, invoiceId, "BANK-7").then().statusCode(204);
        Invoices.settle(partner.key, invoiceId, "BANK-8").then().statusCode(409).body("errors.provider_payment_id", notNullValue());

        partner.get("/payments/settlement:" + invoiceId).then().statusCode(200).body("status", equalTo("applied"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ? AND provider_payment_id = 'BANK-7'",
                company.id())).isEqualTo(1);
    }
}
