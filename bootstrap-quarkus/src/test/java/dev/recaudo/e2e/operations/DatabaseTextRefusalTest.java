package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.LogCapture;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * The backstop of the text rules: should a value PostgreSQL refuses to encode (SQLState 22021 or
 * 22P05) get past the request checks, the answer is still the family's validation error, not a
 * 500 (nor a verified payment's {@code failed}), with one warning for the operator and no error.
 * No request can carry such a value any more, so a trigger refuses one chosen value on the
 * database's side, the way PostgreSQL refuses a NUL.
 */
@QuarkusTest
class DatabaseTextRefusalTest {

    /** Raises {@code sqlState} on every insert into {@code table} whose {@code column} is {@code value}, until closed. */
    private static AutoCloseable refusing(String table, String column, String value, String sqlState) {
        String name = "refuse_" + table + "_" + sqlState.toLowerCase();
        Sql.execute("CREATE FUNCTION " + name + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " RAISE EXCEPTION 'invalid byte sequence for encoding \"UTF8\": 0x00' USING ERRCODE = '" + sqlState + "';"
                + " END $$");
        Sql.execute("CREATE TRIGGER " + name + " BEFORE INSERT ON " + table + " FOR EACH ROW WHEN (NEW." + column + " = '"
                + value + "') EXECUTE FUNCTION " + name + "()");
        return () -> {
            Sql.execute("DROP TRIGGER " + name + " ON " + table);
            Sql.execute("DROP FUNCTION " + name + "()");
        };
    }

    @Test
    void givenTheDatabaseRefusesAVerifiedPaymentsText_whenPaying_then400NotAFailedPaymentAndNoErrorLogged() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        Response response;
        try (AutoCloseable trigger = refusing("payments", "external_payment_id", "P-BACKSTOP", "22021");
                LogCapture log = LogCapture.of("")) {
            response = partner.pay("P-BACKSTOP", "C-1", 1000, "USD", "A", 1000);
            log.assertNoErrorLogged();
            assertThat(log.lines()).anySatisfy(line -> {
                assertThat(line.level()).isEqualTo(Level.WARNING);
                assertThat(line.message()).contains("a request check is missing").contains("SQLState 22021");
            });
        }
        Envelopes.assertIntegrations(response, 400, "validation_error");
        assertThat(response.jsonPath().getString("error.message"))
                .startsWith("request contains text the database cannot store");
        partner.get("/payments/P-BACKSTOP").then().statusCode(404);
        assertThat(Invoices.receivableMinor(partner.get("/collection-documents/A").jsonPath().getString("invoiceId")))
                .isEqualTo(1000);
    }

    @Test
    void givenTheDatabaseRefusesAnInvoicesText_whenCreating_then422NamingTheRequestAndNothingWritten() throws Exception {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        Map<String, Object> body = Invoices.body();
        body.put("name", "Backstop 22P05");
        Response response;
        try (AutoCloseable trigger = refusing("collection_documents", "name", "Backstop 22P05", "22P05");
                LogCapture log = LogCapture.of("")) {
            response = Invoices.post(key, body);
            log.assertNoErrorLogged();
        }
        Envelopes.assertPublic(response, 422, 10001);
        assertThat(response.jsonPath().getMap("errors")).containsOnlyKeys("request");
        assertThat(Sql.count("SELECT count(*) FROM collection_documents WHERE company_id = ?", key.company().id())).isZero();
    }
}
