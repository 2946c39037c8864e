package dev.recaudo.e2e.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.recaudo.e2e.support.Integrations;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.PostgresTestDatabase;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.StoredSecrets;
import dev.recaudo.persistence.secret.SecretColumn;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Synchronization by cursor is gap-free: a change whose transaction commits after the partner
 * exhausted the pages, with an older timestamp than what the partner saw, still arrives on the
 * next page read from the last cursor.
 */
@QuarkusTest
class SyncCursorsTest {

    /** A partner's sync loop: pages of one item until {@code hasMore} is false, keeping the last cursor. */
    private static final class Sync {
        private final Partner partner;
        private final String path;
        private String cursor;

        Sync(Partner partner, String path) {
            this.partner = partner;
            this.path = path;
        }

        /** Reads every page there is now, from the last cursor on. */
        List<Map<String, Object>> exhaust() {
            List<Map<String, Object>> seen = new ArrayList<>();
            boolean hasMore = true;
            for (int pages = 0; hasMore; pages++) {
                assertThat(pages).as("pages of one item").isLessThan(50);
                JsonPath page = partner.get(path, "limit=1" + (cursor == null ? "" : "&cursor=" + cursor))
                        .then().statusCode(200).extract().jsonPath();
                seen.addAll(page.getList("items"));
                hasMore = page.getBoolean("pagination.hasMore");
                cursor = page.getString("pagination.nextCursor") == null ? cursor : page.getString("pagination.nextCursor");
            }
            return seen;
        }
    }

    /** A writer that changes a row, then takes its time to commit: the timestamp is older than its commit. */
    private static Connection lateWriter(String sql, Object... parameters) throws Exception {
        Connection connection = PostgresTestDatabase.connect();
        connection.setAutoCommit(false);
        assertThat(Sql.execute(connection, sql, parameters)).isEqualTo(1);
        Thread.sleep(20); // later writers stamp strictly later times
        return connection;
    }

    @Test
    void givenDocumentCommittedLate_whenPagesWereExhaustedBeforeTheCommit_thenNextPageFromLastCursorHasIt() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("SD-1", "C-1", "USD", 100);
        partner.createDocument("SD-2", "C-1", "USD", 200);
        Integrations.awaitChangeFeeds();
        Sync sync = new Sync(partner, "/collection-documents");
        assertThat(sync.exhaust()).extracting(item -> item.get("externalDocumentId")).containsExactly("SD-1", "SD-2");

        try (Connection late = lateWriter("UPDATE collection_documents SET description = 'changed late',"
                        + " updated_at = clock_timestamp(), version = version + 1"
                        + " WHERE company_id = ? AND external_document_id = 'SD-1'", partner.key.company().id())) {
            partner.createDocument("SD-3", "C-1", "USD", 300);
            partner.createDocument("SD-4", "C-1", "USD", 400);
            sync.exhaust();
            late.commit();
        }
        Integrations.awaitChangeFeeds();

        List<Map<String, Object>> afterCommit = sync.exhaust();
        assertThat(afterCommit).filteredOn(item -> "SD-1".equals(item.get("externalDocumentId")))
                .extracting(item -> item.get("description")).containsExactly("changed late");
        assertThat(afterCommit).extracting(item -> item.get("externalDocumentId")).contains("SD-3", "SD-4");
        assertThat(sync.exhaust()).as("nothing changed since").isEmpty();
    }

    @Test
    void givenPaymentCommittedLate_whenPagesWereExhaustedBeforeTheCommit_thenNextPageFromLastCursorHasIt() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("SA", "C-1", "USD", 10_000);
        partner.pay("SP-1", "C-1", 100, "USD", "SA", 100).then().statusCode(200);
        partner.pay("SP-2", "C-1", 100, "USD", "SA", 100).then().statusCode(200);
        Integrations.awaitChangeFeeds();
        Sync sync = new Sync(partner, "/payments");
        assertThat(sync.exhaust()).extracting(item -> item.get("externalPaymentId")).containsExactly("SP-1", "SP-2");

        try (Connection late = lateWriter("UPDATE payments SET request_id = 'late-request', updated_at = clock_timestamp()"
                + " WHERE company_id = ? AND external_payment_id = 'SP-1'", partner.key.company().id())) {
            partner.pay("SP-3", "C-1", 100, "USD", "SA", 100).then().statusCode(200);
            partner.pay("SP-4", "C-1", 100, "USD", "SA", 100).then().statusCode(200);
            sync.exhaust();
            late.commit();
        }
        Integrations.awaitChangeFeeds();

        List<Map<String, Object>> afterCommit = sync.exhaust();
        assertThat(afterCommit).filteredOn(item -> "SP-1".equals(item.get("externalPaymentId")))
                .extracting(item -> item.get("requestId")).containsExactly("late-request");
        assertThat(afterCommit).extracting(item -> item.get("externalPaymentId")).contains("SP-3", "SP-4");
    }

    @Test
    void givenCursorOfTheFormerTimestampFormat_whenListing_then400ValidationErrorSayingStartAgain() throws Exception {
        Partner partner = Partner.create();
        partner.createDocument("SO-1", "C-1", "USD", 100);
        partner.get("/customers").then().statusCode(200); // the cursor secret exists once a list was served
        String former = sealWithServiceSecret(Instant.parse("2026-01-01T00:00:00Z") + "|" + UUID.randomUUID());
        for (String path : List.of("/collection-documents", "/payments")) {
            partner.get(path, "cursor=" + former).then().statusCode(400)
                    .body("error.code", equalTo("validation_error"))
                    .body("error.message", containsString("updatedSince"));
        }
        String documentsCursor = partner.get("/collection-documents", "limit=1").then().statusCode(200)
                .extract().path("pagination.nextCursor");
        partner.get("/payments", "cursor=" + documentsCursor).then().statusCode(400)
                .body("error.code", equalTo("validation_error"));
    }

    @Test
    void givenCursorOfAnotherList_whenListing_then400ValidationErrorOnCursorSayingAnotherListIssuedIt() {
        Partner partner = Partner.create();
        partner.createDocument("SL-1", "C-1", "USD", 100);
        partner.createDocument("SL-2", "C-2", "USD", 100);
        partner.pay("SLP-1", "C-1", 100, "USD", "SL-1", 100).then().statusCode(200);
        Integrations.awaitChangeFeeds();
        Map<String, String> cursors = new LinkedHashMap<>();
        for (String list : List.of("/customers", "/collection-documents", "/payments")) {
            String cursor = partner.get(list, "limit=1").then().statusCode(200).extract().path("pagination.nextCursor");
            assertThat(cursor).as(list).isNotNull();
            cursors.put(list, cursor);
        }
        cursors.forEach((issuedBy, cursor) -> cursors.keySet().stream().filter(list -> !list.equals(issuedBy))
                .forEach(list -> partner.get(list, "cursor=" + cursor).then().statusCode(400)
                        .body("error.code", equalTo("validation_error"))
                        .body("error.message",
                                startsWith("cursor was issued by another list (" + issuedBy.substring(1) + ")"))));
    }

    /** Seals a position the way cursors were sealed before (HMAC-SHA256 under the shared secret). */
    private static String sealWithServiceSecret(String position) throws Exception {
        byte[] secret;
        try (Connection connection = PostgresTestDatabase.connect();
                PreparedStatement statement = connection.prepareStatement(
                        "SELECT private_key FROM signing_keys WHERE name = 'cursor-hmac-sha256'");
                ResultSet row = statement.executeQuery()) {
            assertThat(row.next()).isTrue();
            secret = StoredSecrets.open(SecretColumn.SIGNING_KEYS, "cursor-hmac-sha256", row.getBytes(1));
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        byte[] payload = position.getBytes(StandardCharsets.UTF_8);
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return encoder.encodeToString(payload) + "." + encoder.encodeToString(mac.doFinal(payload));
    }
}
