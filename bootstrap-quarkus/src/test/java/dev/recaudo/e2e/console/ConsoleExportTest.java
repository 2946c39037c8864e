package dev.recaudo.e2e.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.battery.LedgerInvariants;
import dev.recaudo.e2e.console.ConsoleClient.Session;
import dev.recaudo.e2e.support.Heap;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.ServiceUnderTest;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.LocalDate;
import java.util.Arrays;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The export of applied payments: one row per application with the partners' external ids and the
 * ledger entries that booked it, defused as every console CSV; 100,000 rows streamed while the heap
 * stays flat; a period that cannot be read or is to come refused; only the session's company and
 * environment.
 */
@QuarkusTest
class ConsoleExportTest {

    private static final int ROWS = 100_000;
    private static final long HEAP_GROWTH_MAX_BYTES = 24L * 1024 * 1024;

    @Test
    void oneHundredThousandApplicationsStreamWhileTheHeapStaysFlat() throws Exception {
        Partner partner = Partner.create();
        Tenants.Company company = partner.key.company();
        Session session = Session.of(company);
        partner.createDocument("=A", "C-1", "USD", ROWS);
        // The payment applies one cent and leaves the rest as the customer's credit; the other 99,999 applications of a
        // cent each are written here as the service writes a credit applied to a document (each booked by a balanced
        // transfer of its own from the customer's credit to the document's receivable, the document and the payment
        // updated to match), three statements instead of 99,999 requests: the export reads them as any other, and the
        // ledger's invariants, which other tests check across every company, hold.
        partner.pay("P-1", "C-1", ROWS, "USD", "=A", 1).then().statusCode(200);
        String companyId = company.id().toString();
        Sql.execute("WITH p AS (SELECT p.id AS payment_id, a.document_id, d.customer_id FROM payments p"
                + "            JOIN payment_applications a ON a.payment_id = p.id JOIN collection_documents d ON d.id = a.document_id"
                + "            WHERE p.company_id = ?::uuid),"
                + " t AS (INSERT INTO ledger_transfers (id, company_id, is_test, kind, document_id, payment_id, created_at)"
                + "       SELECT gen_random_uuid(), ?::uuid, false, 'PAYMENT_APPLIED', p.document_id, p.payment_id,"
                + "              now() + make_interval(secs => n / 1000.0) FROM p, generate_series(1, ?) n RETURNING id, created_at),"
                + " e AS (INSERT INTO ledger_entries (transfer_id, account_id, currency, amount_minor, created_at)"
                + "       SELECT t.id, a.id, 'USD', CASE WHEN a.code LIKE 'receivable:%' THEN -1 ELSE 1 END, t.created_at"
                + "       FROM t, p JOIN ledger_accounts a ON a.company_id = ?::uuid AND a.is_test = false AND a.currency = 'USD'"
                + "        AND a.code IN ('receivable:' || p.document_id, 'customer_credit:' || p.customer_id))"
                + " INSERT INTO payment_applications (id, payment_id, document_id, company_id, is_test, currency, amount_minor, transfer_id,"
                + "   applied_at, position)"
                + " SELECT gen_random_uuid(), p.payment_id, p.document_id, ?::uuid, false, 'USD', 1, t.id, t.created_at,"
                + "        row_number() OVER (ORDER BY t.created_at, t.id) FROM t, p", companyId, companyId, ROWS - 1, companyId, companyId);
        Sql.execute("UPDATE collection_documents SET applied_minor = total_minor, balance_minor = 0, status = 'PAID'"
                + " WHERE company_id = ?::uuid", companyId);
        Sql.execute("UPDATE payments SET applied_minor = amount_minor, credit_minor = 0 WHERE company_id = ?::uuid", companyId);
        assertThat(Sql.count("SELECT count(*) FROM payment_applications WHERE company_id = ?::uuid", companyId)).isEqualTo(ROWS);
        try (Connection connection = ServiceUnderTest.connect()) {
            LedgerInvariants.assertHold(connection);
        }

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        long heapBefore = Heap.usedAfterCollection();
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            OutputStream request = socket.getOutputStream();
            request.write(("GET /console/exports/applied-payments.csv?from=" + today.minusDays(1) + "&through=" + today + " HTTP/1.1\r\n"
                    + "Host: localhost\r\nCookie: recaudo_console=" + session.id() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            request.flush();
            InputStream answer = socket.getInputStream();
            byte[] first = answer.readNBytes(64 * 1024);
            Thread.sleep(500); // the service writes until the connection's buffers are full, then waits for the reader
            long heapGrowth = Heap.usedAfterCollection() - heapBefore;
            assertThat(heapGrowth).as("heap growth with the export under way").isLessThan(HEAP_GROWTH_MAX_BYTES);

            byte[] whole = new byte[first.length];
            System.arraycopy(first, 0, whole, 0, first.length);
            whole = concat(whole, answer.readAllBytes());
            String text = new String(whole, StandardCharsets.ISO_8859_1);
            int headersEnd = text.indexOf("\r\n\r\n");
            String head = text.substring(0, headersEnd);
            assertThat(head).startsWith("HTTP/1.1 200").contains("text/csv").contains("applied-payments-");
            String[] lines = new String(unchunked(whole, headersEnd + 4, head.toLowerCase().contains("transfer-encoding: chunked")),
                    StandardCharsets.UTF_8).split("\r\n");
            assertThat(lines[0]).startsWith("applied_at,payment_source");
            long rows = lines.length - 1;
            long cents = 0;
            for (int i = 1; i < lines.length; i++) {
                cents += Math.round(Double.parseDouble(lines[i].split(",")[8]) * 100);
            }
            String firstRow = lines[1];
            assertThat(rows).isEqualTo(ROWS);
            assertThat(cents).isEqualTo(ROWS);
            assertThat(firstRow.split(",")).startsWith(firstRow.split(",")[0], "acme-erp", "verified", "P-1", "acme-erp", "'=A", "F-=A", "USD",
                    "0.01");
            assertThat(firstRow.split(",")[10].split(" ")).hasSize(2);
        }
    }

    private static byte[] concat(byte[] one, byte[] other) {
        byte[] both = new byte[one.length + other.length];
        System.arraycopy(one, 0, both, 0, one.length);
        System.arraycopy(other, 0, both, one.length, other.length);
        return both;
    }

    /** The body of an answer from {@code start}, its chunked transfer encoding undone when it has one. */
    private static byte[] unchunked(byte[] answer, int start, boolean chunked) {
        if (!chunked) {
            return Arrays.copyOfRange(answer, start, answer.length);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = start;
        while (true) {
            int lineEnd = at;
            while (answer[lineEnd] != '\r') {
                lineEnd++;
            }
            int size = Integer.parseInt(new String(answer, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim(), 16);
            if (size == 0) {
                return body.toByteArray();
            }
            body.write(answer, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }

    @Test
    void aPeriodThatCannotBeReadOrIsToComeIsRefusedAndOnlyTheSessionsApplicationsAreExported() {
        Partner partner = Partner.create();
        Session session = Session.of(partner.key.company());
        partner.createDocument("A", "C-1", "USD", 10_00);
        partner.pay("P-1", "C-1", 10_00, "USD", "A", 10_00).then().statusCode(200);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        for (String refused : List.of("", "?from=" + today, "?from=" + today + "&through=" + today.plusDays(2),
                "?from=" + today + "&through=" + today.minusDays(1), "?from=x&through=y")) {
            ConsoleClient.get(session, "/console/exports/applied-payments.csv" + refused).then().statusCode(400);
        }
        String period = "?from=" + today.minusDays(1) + "&through=" + today;
        assertThat(ConsoleClient.get(session, "/console/exports/applied-payments.csv" + period).asString().split("\r\n")).hasSize(2);
        Session stranger = Session.of(Tenants.company());
        assertThat(ConsoleClient.get(stranger, "/console/exports/applied-payments.csv" + period).asString().split("\r\n")).hasSize(1);
        ConsoleClient.post(session, "/console/environment", Map.of("environment", "test")).then().statusCode(303);
        assertThat(ConsoleClient.get(session, "/console/exports/applied-payments.csv" + period).asString().split("\r\n")).hasSize(1);
    }
}
