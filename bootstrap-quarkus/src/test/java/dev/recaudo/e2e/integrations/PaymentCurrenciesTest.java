package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every payment that waits for a certified rate can be completed: documents are only in currencies
 * a verified payment or a rate can settle, and payments stranded before that rule are completed in
 * their own application currency.
 */
@QuarkusTest
class PaymentCurrenciesTest {

    private static final List<String> PAYMENT_CURRENCIES = List.of("USD", "VES");
    private static final String TAX_ID = "V-12.345.678";

    private static String rate(String refCurrency, long refAmountMinor, String exchangeRateUsed, String document,
            long amountMinor) {
        return "{\"refCurrency\":\"" + refCurrency + "\",\"refAmountMinor\":" + refAmountMinor + ",\"exchangeRateUsed\":\""
                + exchangeRateUsed + "\",\"effectiveDate\":\"2026-11-22\",\"documents\":[{\"externalDocumentId\":\""
                + document + "\",\"amountMinor\":" + amountMinor + "}]}";
    }

    /** A document whose customer carries the tax id of the public invoices below, so both are one customer's. */
    private static String documentOfTaxpayer(String externalDocumentId, String currency, long amountMinor) {
        return Partner.document(externalDocumentId, "C-1", currency, amountMinor)
                .replace("\"name\":\"Cliente C-1\"}", "\"name\":\"Cliente C-1\",\"taxId\":\"" + TAX_ID + "\"}");
    }

    /** A public invoice of the partner {@code acme-erp}, in the company's reference currency. */
    private static void publicInvoice(Tenants.Company company, String providerId) {
        Tenants.Key key = company.key("public", Invoices.READ_WRITE, "acme-erp");
        Map<String, Object> body = Invoices.body();
        body.put("provider", "acme-erp");
        body.put("provider_id", providerId);
        body.put("reference", TAX_ID);
        Invoices.create(key, body);
    }

    @Test
    void givenEveryDocumentCurrency_whenPaidInAnotherPaymentCurrency_thenRefusedAtUpsertOrCompletedByTheCertifiedRate() {
        Partner partner = Partner.create();
        for (String documentCurrency : List.of("USD", "VES", "COP", "MXN", "CRC")) {
            for (String paymentCurrency : PAYMENT_CURRENCIES) {
                if (paymentCurrency.equals(documentCurrency)) {
                    continue;
                }
                String document = "D-" + paymentCurrency + "-" + documentCurrency;
                Response upsert = partner.post("/collection-documents/upsert",
                        Partner.document(document, "C-1", documentCurrency, 500));
                if (!PAYMENT_CURRENCIES.contains(documentCurrency)) {
                    // No verified payment or rate could ever settle it: refused, so nothing can wait on it.
                    upsert.then().statusCode(400).body("error.message", startsWith("currency"));
                    continue;
                }
                upsert.then().statusCode(201);
                String payment = "P-" + paymentCurrency + "-" + documentCurrency;
                partner.pay(payment, "C-1", 100, paymentCurrency, document, 100).then().statusCode(200)
                        .body("status", equalTo("needs_certified_rate"));
                // 1.00 of the payment currency x 5 = 5.00 of the document's
                partner.post("/payments/" + payment + "/certified-rate", rate(documentCurrency, 500, "5", document, 500))
                        .then().statusCode(200).body("status", equalTo("applied"));
            }
        }
    }

    @Test
    void givenUsdPaymentOnVesDocuments_whenCertifiedInVes_thenApplied() {
        // 100.00 USD x 36.5 = 3650.00 VES
        assertCompletedByRate("VES", 365000, "USD", 10000, "36.5");
    }

    @Test
    void givenVesPaymentOnUsdDocuments_whenCertifiedInUsd_thenApplied() {
        // 365.00 VES x 0.0274 = 10.001 USD, rounded half-even to 10.00
        assertCompletedByRate("USD", 1000, "VES", 36500, "0.0274");
    }

    /** A payment on one document of another currency waits for a rate; the rate applies all of it, and nothing stays unapplied. */
    private static void assertCompletedByRate(String documentCurrency, long totalMinor, String paymentCurrency, long amountMinor,
            String exchangeRateUsed) {
        Partner partner = Partner.create();
        String document = partner.createDocument("A", "C-1", documentCurrency, totalMinor).getString("invoiceId");
        String paymentId = partner.pay("P-1", "C-1", amountMinor, paymentCurrency, "A", totalMinor).then().statusCode(200)
                .body("status", equalTo("needs_certified_rate"))
                .body("paymentCurrency", equalTo(paymentCurrency))
                .body("applicationCurrency", equalTo(documentCurrency))
                .extract().path("paymentId");
        partner.post("/payments/P-1/certified-rate", rate(documentCurrency, totalMinor, exchangeRateUsed, "A", totalMinor))
                .then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("totalAppliedMinor", equalTo((int) totalMinor));
        assertThat(LedgerChecks.receivableMinor(document)).isZero();
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, paymentCurrency)).isZero();
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, documentCurrency)).isZero();
    }

    @Test
    void givenDocumentCurrencyNoPaymentSettles_whenUpserting_then400NamingCurrencyAndNothingWritten() {
        Partner partner = Partner.create();
        for (String currency : List.of("COP", "MXN", "CRC", "cop")) {
            partner.post("/collection-documents/upsert", Partner.document("A", "C-1", currency, 500)).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.message", startsWith("currency"))
                    .body("error.message", containsString("USD"));
        }
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", partner.key.company().id()))
                .isZero();
    }

    @Test
    void givenPublicInvoiceInTheCompanysCop_whenAVerifiedPaymentListsIt_then400OnDocumentsAndNothingWritten() {
        Tenants.Company company = Tenants.company("COP");
        Partner partner = new Partner(company.key("partner", Partner.ALL, "acme-erp"));
        publicInvoice(company, "INV-COP");
        partner.post("/customers/upsert", "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-1\",\"type\":\"business\","
                + "\"name\":\"Cliente C-1\",\"taxId\":\"" + TAX_ID + "\"}").then().statusCode(201);
        partner.pay("P-1", "C-1", 10000, "USD", "INV-COP", 2000).then().statusCode(400)
                .body("error.code", equalTo("validation_error"))
                .body("error.message", startsWith("documents"))
                .body("error.message", containsString("COP"));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company.id())).isZero();
        // A public invoice in the reference currency stays a document the partner may describe.
        partner.post("/collection-documents/upsert", documentOfTaxpayer("INV-COP", "COP", 2000)).then().statusCode(200);
    }

    @Test
    void givenPaymentStrandedBeforeTheCurrencyRule_whenCertifiedInItsApplicationCurrency_thenApplied() {
        Tenants.Company company = Tenants.company("COP");
        Partner partner = new Partner(company.key("partner", Partner.ALL, "acme-erp"));
        publicInvoice(company, "INV-COP");
        partner.post("/collection-documents/upsert", documentOfTaxpayer("V-1", "VES", 100000)).then().statusCode(201);
        String paymentId = partner.pay("P-1", "C-1", 10000, "USD", "V-1", 10000).then().statusCode(200)
                .body("status", equalTo("needs_certified_rate"))
                .extract().path("paymentId");
        // Before the rule, a USD payment listing COP documents was kept exactly like this: waiting for a COP rate,
        // its USD in its own unapplied account, nothing applied.
        Sql.execute("UPDATE payments SET application_currency = 'COP' WHERE id = ?::uuid", paymentId);
        partner.get("/payments/P-1").then().body("applicationCurrency", equalTo("COP"));

        partner.post("/payments/P-1/certified-rate", rate("VES", 2000, "0.2", "INV-COP", 2000)).then().statusCode(400)
                .body("error.message", startsWith("refCurrency"));
        partner.post("/payments/P-1/certified-rate", rate("COP", 2000, "0.2", "INV-COP", 2000)).then().statusCode(200)
                .body("status", equalTo("applied"))
                .body("applicationCurrency", equalTo("COP"))
                .body("totalAppliedMinor", equalTo(2000));
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, "USD")).isZero();
        assertThat(LedgerChecks.accountMinor("unapplied_payment:" + paymentId, "COP")).isZero();
        assertThat(LedgerChecks.accountMinor(company.id(), "currency_exchange", "COP")).isEqualTo(2000);
        partner.get("/collection-documents/INV-COP").then().body("balanceMinor", equalTo(0)).body("status", equalTo("paid"));
    }
}
