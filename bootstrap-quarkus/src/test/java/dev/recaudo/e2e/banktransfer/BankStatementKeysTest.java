package dev.recaudo.e2e.banktransfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.OpenFiles;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * CONTRACT "Live collection": the statement import also takes an integrations key of the company with
 * {@code bank_statements:write}, signed as the integrations API is; a key without it, or of another
 * company, is refused in the integrations envelope; the admin JWT still imports.
 */
@QuarkusTest
class BankStatementKeysTest {

    private static Response signedImport(BankStatementsTest.World world, Tenants.Key key, String body) {
        String path = "/companies/" + world.company().id() + "/bank-statements";
        String timestamp = Signer.now();
        byte[] bytes = body.replace("${REFERENCE}", world.reference()).getBytes(StandardCharsets.UTF_8);
        return given().auth().oauth2(key.secret())
                .header("Service-Timestamp", timestamp)
                .header("Service-Signature", Signer.sign(key.secret(), timestamp, "POST", path,
                        new String(bytes, StandardCharsets.UTF_8)))
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .header("X-Receiving-Account", world.accountId())
                .contentType("application/xml")
                .body(bytes)
                .post(path);
    }

    @Test
    void givenAKeyWithBankStatementsWrite_whenItImportsASignedStatement_thenTheInvoiceIsConciliated() throws Exception {
        BankStatementsTest.World world = BankStatementsTest.world();
        Tenants.Key key = world.company().key("bank feed", List.of("bank_statements:write"), "bank-feed");

        signedImport(world, key, BankStatementsTest.resource("camt053-first.xml")).then().statusCode(201)
                .body("entriesNew", equalTo(5)).body("matched", equalTo(1));

        Invoices.get(world.live(), world.invoiceId()).then().statusCode(200).body("status", equalTo("CONCILIATED"));
        assertThat(Sql.count("SELECT count(*) FROM audit_records WHERE company_id = ? AND api_key_id = ? AND operation LIKE 'POST %bank-statements'",
                world.company().id(), key.id())).as("the key's import is audited once, as the key's").isEqualTo(1);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }
    }

    /** Six MiB of statement, most of it an XML comment: read in parts, verified as read, kept on disk, imported whole. */
    @Test
    void givenALargeSignedStatement_whenAKeyImportsIt_thenItIsVerifiedAndImported() {
        BankStatementsTest.World world = BankStatementsTest.world();
        Tenants.Key key = world.company().key("bank feed", List.of("bank_statements:write"), "bank-feed");
        String statement = BankStatementsTest.resource("camt053-first.xml");
        int body = statement.indexOf("?>") + 2;
        String large = statement.substring(0, body) + "<!--" + " ".repeat(6 * 1024 * 1024) + "-->" + statement.substring(body);

        signedImport(world, key, large).then().statusCode(201).body("entriesNew", equalTo(5)).body("matched", equalTo(1));
        OpenFiles.awaitNoneNaming("recaudo-statement-");
    }

    @Test
    void givenAKeyWithoutThePermission_whenItImports_thenForbiddenInTheIntegrationsEnvelopeAndNothingIsKept() {
        BankStatementsTest.World world = BankStatementsTest.world();
        Tenants.Key key = world.company().key("reader", List.of("payments:read"), "bank-feed");

        signedImport(world, key, BankStatementsTest.resource("camt053-first.xml")).then().statusCode(403)
                .body("error.code", equalTo("forbidden"));
        assertThat(Sql.count("SELECT count(*) FROM bank_statements WHERE account_id = ?::uuid", world.accountId())).isZero();
    }

    @Test
    void givenAnotherCompanysKey_whenItImportsIntoThisCompany_thenRefusedAndNothingIsKept() {
        BankStatementsTest.World world = BankStatementsTest.world();
        Tenants.Key foreign = Tenants.company().key("bank feed", List.of("bank_statements:write"), "bank-feed");

        signedImport(world, foreign, BankStatementsTest.resource("camt053-first.xml")).then().statusCode(403)
                .body("error.code", equalTo("forbidden"));
        assertThat(Sql.count("SELECT count(*) FROM bank_statements WHERE account_id = ?::uuid", world.accountId())).isZero();
    }

    @Test
    void givenABadSignature_whenAKeyImports_thenUnauthorizedAndAnUnsignedKeyIsNoAdministrator() {
        BankStatementsTest.World world = BankStatementsTest.world();
        Tenants.Key key = world.company().key("bank feed", List.of("bank_statements:write"), "bank-feed");
        String path = "/companies/" + world.company().id() + "/bank-statements";

        given().auth().oauth2(key.secret()).header("Service-Timestamp", Signer.now())
                .header("Service-Signature", "v1=" + "0".repeat(64)).header("Idempotency-Key", "k-1")
                .header("X-Receiving-Account", world.accountId()).contentType("application/xml")
                .body(BankStatementsTest.resource("camt053-first.xml")).post(path)
                .then().statusCode(401).body("error.code", equalTo("invalid_signature"));
        given().auth().oauth2(key.secret()).header("X-Receiving-Account", world.accountId()).contentType("application/xml")
                .body(BankStatementsTest.resource("camt053-first.xml")).post(path)
                .then().statusCode(401).body("code_name", equalTo("authentication_error"));
        given().auth().oauth2(world.company().adminToken()).header("X-Receiving-Account", world.accountId())
                .contentType("application/xml").body(BankStatementsTest.resource("camt053-first.xml")
                        .replace("${REFERENCE}", world.reference())).post(path)
                .then().statusCode(201).body("matched", equalTo(1));
    }
}
