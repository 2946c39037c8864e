package dev.recaudo.e2e.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.invoices.LedgerChecks;
import dev.recaudo.e2e.support.Envelopes;
import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Signer;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.response.Response;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A captured signed write sent again, as whoever copied it would (a log, a proxy, a replaying
 * middlebox): under a fresh {@code Idempotency-Key} it is refused, {@code 401 invalid_signature},
 * and changes nothing, whichever instance it reaches; under its own key it is a retry and gets the
 * stored answer; a request that rolled back may be sent again as it was. And the order of upserts:
 * one signed before the last one applied to its document or customer is {@code 409 stale_write}.
 */
public abstract class ReplayChecks {

    /** A signed request as it was seen on the wire: the same bytes every time it is sent. */
    private record Captured(Tenants.Key key, String path, String body, String timestamp) {

        static Captured signedNow(Tenants.Key key, String path, String body) {
            return new Captured(key, path, body, Signer.now());
        }

        Response send(String idempotencyKey) {
            return Integrations.signedPost(key, path, body, timestamp).header("Idempotency-Key", idempotencyKey).post(path);
        }
    }

    private static void assertRefusedAsUsed(Response answer) {
        Envelopes.assertIntegrations(answer, 401, "invalid_signature");
        assertThat(answer.jsonPath().getString("error.message")).contains("signature was already used");
    }

    private static long transfersOf(String documentId) {
        return Sql.count("SELECT count(*) FROM ledger_transfers WHERE document_id = ?::uuid", documentId);
    }

    @Test
    public void givenTwoUpsertsApplied_whenTheFirstIsResentByteForByteUnderNewKeys_then401AndTheDocumentKeepsTheSecond() {
        Partner partner = Partner.create();
        Captured first = Captured.signedNow(partner.key, partner.base + "/collection-documents/upsert",
                Partner.document("R-1", "C-1", "USD", 10_000));
        String firstKey = UUID.randomUUID().toString();
        String document = first.send(firstKey).then().statusCode(201).extract().path("invoiceId");
        partner.post("/collection-documents/upsert", Partner.document("R-1", "C-1", "USD", 25_000)).then().statusCode(200);
        long transfers = transfersOf(document);
        // One read, so that the two resends below reach the instance each upsert did not (in the battery's round robin).
        partner.get("/collection-documents/R-1").then().statusCode(200);

        for (int resend = 0; resend < 2; resend++) {
            assertRefusedAsUsed(first.send(UUID.randomUUID().toString()));
        }

        partner.get("/collection-documents/R-1").then().statusCode(200).body("totalMinor", equalTo(25_000))
                .body("balanceMinor", equalTo(25_000));
        assertThat(LedgerChecks.receivableMinor(document)).isEqualTo(25_000);
        assertThat(transfersOf(document)).as("no adjustment back to 10000").isEqualTo(transfers);

        first.send(firstKey).then().statusCode(201).body("invoiceId", equalTo(document)).body("totalMinor", equalTo(10_000));
        partner.get("/collection-documents/R-1").then().statusCode(200).body("totalMinor", equalTo(25_000));
        assertThat(transfersOf(document)).as("the stored answer, not the work again").isEqualTo(transfers);
    }

    @Test
    public void givenACapturedSignedPayment_whenResentUnderFreshKeys_then401AndNoMoneyMovesButItsOwnKeyIsAnswered() {
        Partner partner = Partner.create();
        String document = partner.createDocument("A", "C-1", "USD", 1000).getString("invoiceId");
        Captured payment = Captured.signedNow(partner.key, partner.base + "/verified-payments",
                Partner.payment("P-REPLAY", "C-1", 600, "USD", "A", 600));
        String key = UUID.randomUUID().toString();
        String paymentId = payment.send(key).then().statusCode(200).body("status", equalTo("applied")).extract().path("paymentId");
        long[] before = moneyOf(partner, document);

        for (int resend = 0; resend < 3; resend++) {
            assertRefusedAsUsed(payment.send(UUID.randomUUID().toString()));
        }
        payment.send(key).then().statusCode(200).body("status", equalTo("already_processed"))
                .body("paymentId", equalTo(paymentId));

        assertThat(moneyOf(partner, document)).as("payments, transfers, entries, receivable").containsExactly(before);
        assertThat(before[3]).isEqualTo(400);
    }

    @Test
    public void givenASignedRequestThatRolledBack_whenSentAgainByteForByte_thenItRuns() {
        Partner partner = Partner.create();
        partner.createDocument("FIRST", "C-1", "USD", 1000);
        Captured payment = Captured.signedNow(partner.key, partner.base + "/verified-payments",
                Partner.payment("P-EARLY", "C-1", 600, "USD", "LATER", 600));

        Envelopes.assertIntegrations(payment.send("pay-early"), 404, "not_found");
        String document = partner.createDocument("LATER", "C-1", "USD", 1000).getString("invoiceId");

        payment.send("pay-early").then().statusCode(200).body("status", equalTo("applied"));
        assertThat(LedgerChecks.receivableMinor(document)).isEqualTo(400);
    }

    @Test
    public void givenADocumentUpserted_whenAnUpsertSignedEarlierComes_then409StaleWriteAndNothingChanges() {
        Partner partner = Partner.create();
        String path = partner.base + "/collection-documents/upsert";
        long now = Long.parseLong(Signer.now());
        String document = new Captured(partner.key, path, Partner.document("S-1", "C-1", "USD", 25_000), Long.toString(now))
                .send(UUID.randomUUID().toString()).then().statusCode(201).extract().path("invoiceId");
        String older = Partner.document("S-1", "C-1", "USD", 10_000).replace("Cliente C-1", "Nombre anterior");

        Response stale = new Captured(partner.key, path, older, Long.toString(now - 5)).send(UUID.randomUUID().toString());

        Envelopes.assertIntegrations(stale, 409, "stale_write");
        partner.get("/collection-documents/S-1").then().statusCode(200).body("totalMinor", equalTo(25_000))
                .body("customer.name", equalTo("Cliente C-1"));
        assertThat(LedgerChecks.receivableMinor(document)).isEqualTo(25_000);
        assertThat(transfersOf(document)).as("issued once, never adjusted").isEqualTo(1);
        new Captured(partner.key, path, older, Long.toString(now)).send(UUID.randomUUID().toString())
                .then().statusCode(200).body("totalMinor", equalTo(10_000));
    }

    @Test
    public void givenACustomerUpserted_whenAnUpsertSignedEarlierComes_then409StaleWriteButADocumentSignedEarlierIsWritten() {
        Partner partner = Partner.create();
        String path = partner.base + "/customers/upsert";
        long now = Long.parseLong(Signer.now());
        String customer = "{\"source\":\"acme-erp\",\"externalCustomerId\":\"C-9\",\"type\":\"business\",\"name\":\"%s\"}";
        new Captured(partner.key, path, customer.formatted("Nombre nuevo"), Long.toString(now)).send(UUID.randomUUID().toString())
                .then().statusCode(201);

        Response stale = new Captured(partner.key, path, customer.formatted("Nombre viejo"), Long.toString(now - 5))
                .send(UUID.randomUUID().toString());

        Envelopes.assertIntegrations(stale, 409, "stale_write");
        partner.get("/customers").then().statusCode(200).body("items.find { it.externalCustomerId == 'C-9' }.name",
                equalTo("Nombre nuevo"));
        // A document of the customer signed earlier is still written; the customer keeps its newer data.
        new Captured(partner.key, partner.base + "/collection-documents/upsert",
                Partner.document("S-9", "C-9", "USD", 1_000).replace("Cliente C-9", "Nombre viejo"), Long.toString(now - 5))
                .send(UUID.randomUUID().toString()).then().statusCode(201).body("customer.name", equalTo("Nombre nuevo"));
    }

    /** What a resend must not change: the company's payments, ledger transfers and entries, and the document's receivable. */
    private static long[] moneyOf(Partner partner, String document) {
        UUID company = partner.key.company().id();
        return new long[] {
            Sql.count("SELECT count(*) FROM payments WHERE company_id = ?", company),
            Sql.count("SELECT count(*) FROM ledger_transfers WHERE company_id = ?", company),
            Sql.count("SELECT count(*) FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id"
                    + " WHERE t.company_id = ?", company),
            LedgerChecks.receivableMinor(document)};
    }
}
