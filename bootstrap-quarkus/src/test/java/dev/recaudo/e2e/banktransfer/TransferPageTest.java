package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hosted page of a live invoice offers a transfer to its company's accounts, with one stable reference. */
@QuarkusTest
class TransferPageTest {

    private static final Pattern REFERENCE = Pattern.compile("id=\"transfer-reference\">(RC[0-9]{11})<");

    static String page(String path, String language) {
        return given().header("Accept-Language", language).get(path).then().statusCode(200).extract().asString();
    }

    static String referenceIn(String html) {
        Matcher matcher = REFERENCE.matcher(html);
        assertThat(matcher.find()).as("a reference in the page").isTrue();
        return matcher.group(1);
    }

    @Test
    void givenALiveInvoiceAndAUsdAccount_whenThePageIsOpened_thenItShowsTheAccountAmountAndOneStableReference() {
        Tenants.Company company = Tenants.company();
        Tenants.Key live = Invoices.liveKey(company);
        String path = URI.create(Invoices.create(live).getString("payment.payment_link")).getPath();
        assertThat(page(path, "es")).doesNotContain("transfer-reference").contains("id=\"unavailable\"");

        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(ReceivingAccountsTest.account())
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        String spanish = page(path, "es");
        String reference = referenceIn(spanish);
        assertThat(spanish).contains("Pagar por transferencia", "Banco Nacional", "0102-0000-11-2233445566",
                "Ferreteria Acme C.A.").doesNotContain("id=\"unavailable\"");
        String english = page(path, "en");
        assertThat(english).contains("Pay by bank transfer");
        assertThat(referenceIn(english)).isEqualTo(reference);
        String checkoutId = path.substring(path.lastIndexOf('/') + 1);
        assertThat(Sql.text("SELECT reference FROM payment_references WHERE checkout_id = ?::uuid", checkoutId)).isEqualTo(reference);
    }

    @Test
    void givenATestInvoice_whenThePageIsOpened_thenNoTransferIsOffered() {
        Tenants.Company company = Tenants.company();
        given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON).body(ReceivingAccountsTest.account())
                .post("/companies/{id}/receiving-accounts", company.id()).then().statusCode(201);
        String path = URI.create(Invoices.create(Invoices.testKey(company)).getString("payment.payment_link")).getPath();
        assertThat(page(path, "es")).doesNotContain("transfer-reference");
        assertThat(Sql.count("SELECT count(*) FROM payment_references WHERE company_id = ?", company.id())).isZero();
    }
}
