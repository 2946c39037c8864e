package dev.recaudo.e2e.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import dev.recaudo.e2e.support.Upkeep;
import dev.recaudo.persistence.janitor.ExpiredRowsJanitor;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Retention with the default days (90, audit records 400): seven records of each kind a day past
 * their retention, one a day within it, and records something still needs (a pending webhook
 * delivery) past it. The janitor deletes batches of two, three a run ({@link Upkeep}): one run
 * leaves one expired record of each kind, the next none, and what is kept is never touched.
 * External payment callbacks are the attempts a payment shows as long as it is readable, so they
 * are never purged, however old.
 */
@QuarkusTest
@TestProfile(Upkeep.class)
class RetentionTest {

    private static final int EXPIRED = 7;

    /** The audit records this test wrote (the company's own requests write others, of today). */
    private static final String OWN_AUDIT_RECORDS = "audit_records WHERE request_id LIKE 'retention-%'";

    @Inject
    ExpiredRowsJanitor janitor;

    @Test
    void givenRecordsPastAndWithinTheirRetention_whenPurgedTwice_thenExpiredOnesGoInBoundedBatchesAndTheRestStay() {
        Tenants.Company company = Tenants.company();
        UUID id = company.id();
        Tenants.Key erp = company.key("erp", List.of("payments:create", "payments:read"), "erp");
        UUID keyId = erp.id();
        UUID endpoint = UUID.randomUUID();
        Sql.execute("INSERT INTO webhook_endpoints (id, company_id, is_test, url, events, secret, created_at)"
                + " VALUES (?, ?, false, 'https://receiver.example/hooks', ARRAY['invoice.paid'], 'whsec', now())", endpoint, id);
        auditRecords(id, 401, EXPIRED);
        auditRecords(id, 399, 1);
        whatsappEvents(id, 91, EXPIRED);
        whatsappEvents(id, 89, 1);
        deliveries(id, endpoint, "SUCCEEDED", 91, EXPIRED);
        deliveries(id, endpoint, "PENDING", 91, 1);
        deliveries(id, endpoint, "DEAD", 89, 1);
        callbacks(id, keyId, "delivered", 91, EXPIRED);
        callbacks(id, keyId, "attempting", 91, 1);
        callbacks(id, keyId, "failed", 89, 1);

        janitor.purgePastRetention();

        assertThat(remaining(id)).containsExactly(1L, 1L, 1L, 1L, 2L, 4L, 1L, 2L, 1L, 8L, 1L, 1L);

        janitor.purgePastRetention();

        assertThat(remaining(id)).containsExactly(0L, 1L, 0L, 1L, 1L, 2L, 1L, 1L, 1L, 8L, 1L, 1L);
        String oldPayment = Sql.text("SELECT external_payment_id::text FROM external_payment_callbacks WHERE company_id = ?"
                + " AND status = 'delivered' AND created_at < now() - interval '90 days' LIMIT 1", id);
        ExternalPayments.get(erp, oldPayment).then().statusCode(200)
                .body("webhookAttempts.size()", equalTo(1)).body("webhookAttempts[0].status", equalTo("delivered"));
    }

    /**
     * Expired then kept, per kind: audit records, WhatsApp events, webhook deliveries past the
     * retention (the pending one included) and their attempts, events and deliveries within it,
     * events past it, callbacks past it (the one being attempted included) and within it: every
     * callback stays.
     */
    private static List<Long> remaining(UUID company) {
        return List.of(
                count(OWN_AUDIT_RECORDS, "created_at <", 400, company),
                count(OWN_AUDIT_RECORDS, "created_at >", 400, company),
                count("whatsapp_events", "received_at <", 90, company),
                count("whatsapp_events", "received_at >", 90, company),
                count("webhook_deliveries", "created_at <", 90, company),
                count("webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id", "d.created_at <", 90, company),
                count("webhook_deliveries", "created_at >", 90, company),
                count("outbox_events", "created_at <", 90, company),
                count("outbox_events", "created_at >", 90, company),
                count("external_payment_callbacks", "created_at <", 90, company),
                count("external_payment_callbacks WHERE status = 'attempting'", "created_at <", 90, company),
                count("external_payment_callbacks", "created_at >", 90, company));
    }

    /** Rows of {@code rows} (a table, or a table and a condition) of the company where {@code comparison} holds for {@code days} ago. */
    private static long count(String rows, String comparison, int days, UUID company) {
        String where = rows.contains(" WHERE ") ? " AND " : " WHERE ";
        return Sql.count("SELECT count(*) FROM " + rows + where + "company_id = ? AND " + comparison
                + " now() - make_interval(days => ?)", company, days);
    }

    private static void auditRecords(UUID company, int daysAgo, int count) {
        Sql.execute("INSERT INTO audit_records (id, company_id, is_test, request_id, operation, http_status, outcome, created_at, partner)"
                + " SELECT gen_random_uuid(), ?, false, 'retention-' || n, 'documents.upsert', 200, 'applied',"
                + " now() - make_interval(days => ?), 'source:erp' FROM generate_series(1, ?) n", company, daysAgo, count);
    }

    private static void whatsappEvents(UUID company, int daysAgo, int count) {
        Sql.execute("INSERT INTO whatsapp_events (id, company_id, phone_number_id, message_id, status, recipient_phone, received_at)"
                + " SELECT gen_random_uuid(), ?, 'phone-1', 'wamid-' || gen_random_uuid(), 'sent', '+584120000000',"
                + " now() - make_interval(days => ?) FROM generate_series(1, ?)", company, daysAgo, count);
    }

    /** Deliveries of one event each, two attempts each, created and last changed {@code daysAgo}. */
    private static void deliveries(UUID company, UUID endpoint, String status, int daysAgo, int count) {
        Sql.execute("WITH e AS (INSERT INTO outbox_events (id, company_id, is_test, type, body, created_at)"
                + "   SELECT gen_random_uuid(), ?, false, 'invoice.paid', '{}', now() - make_interval(days => ?)"
                + "   FROM generate_series(1, ?) RETURNING id, created_at),"
                + " d AS (INSERT INTO webhook_deliveries (id, event_id, endpoint_id, company_id, status, attempts, created_at, updated_at)"
                + "   SELECT gen_random_uuid(), e.id, ?, ?, ?, 2, e.created_at, e.created_at FROM e RETURNING id, created_at)"
                + " INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code)"
                + " SELECT d.id, d.created_at, 5, 500 FROM d, generate_series(1, 2)", company, daysAgo, count, endpoint, company, status);
    }

    /** Callbacks of completed external payments, created {@code daysAgo}; one being attempted holds a lease into tomorrow. */
    private static void callbacks(UUID company, UUID keyId, String status, int daysAgo, int count) {
        Sql.execute("WITH p AS (INSERT INTO external_payments (id, company_id, is_test, api_key_id, mode, status, amount_minor,"
                + "   currency, payment_id, created_at, updated_at, partner)"
                + "   SELECT gen_random_uuid(), ?, false, ?, 'direct', 'completed', 100, 'USD', gen_random_uuid(),"
                + "   now() - make_interval(days => ?), now() - make_interval(days => ?), 'source:erp'"
                + "   FROM generate_series(1, ?) RETURNING id, created_at)"
                + " INSERT INTO external_payment_callbacks (id, external_payment_id, company_id, is_test, url, body, status,"
                + "   leased_until, attempted_at, created_at, updated_at)"
                + " SELECT gen_random_uuid(), p.id, ?, false, 'https://receiver.example/callback', '{}', ?,"
                + "   CASE WHEN ? = 'attempting' THEN now() + interval '1 day' END, p.created_at, p.created_at, p.created_at FROM p",
                company, keyId, daysAgo, daysAgo, count, company, status, status);
    }
}
