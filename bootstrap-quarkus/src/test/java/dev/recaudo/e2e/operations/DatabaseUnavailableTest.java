package dev.recaudo.e2e.operations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.equalTo;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.StoreUnavailable;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Partner;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Every pooled connection taken (as when hundreds of requests queue on one hot row): a request that
 * cannot get one in time is told to come back, {@code 503} with {@code Retry-After} in its family's
 * envelope, not {@code 500}; and the same request sent again once connections are free succeeds,
 * exactly once.
 */
@QuarkusTest
@TestProfile(DatabaseUnavailableTest.SmallPool.class)
class DatabaseUnavailableTest {

    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.max-size", "4", "quarkus.datasource.jdbc.acquisition-timeout", "1S",
                    "recaudo.jobs.poll-interval", "off", "recaudo.webhooks.dispatch-interval", "off",
                    "recaudo.callbacks.dispatch-interval", "off");
        }
    }

    @Inject
    DataSource dataSource;

    @Inject
    CollectionDocumentRepository documents;

    @Test
    void givenEveryConnectionTaken_whenWriting_then503RetryAfterAndTheSameRequestLaterWritesOnce() throws Exception {
        Tenants.Key key = Tenants.company().key("invoices", Invoices.READ_WRITE, "erp");
        Partner partner = Partner.create();
        partner.createDocument("A", "C-1", "USD", 1000);
        String invoiceKey = UUID.randomUUID().toString();
        String paymentKey = UUID.randomUUID().toString();
        String payment = Partner.payment("P-1", "C-1", 1000, "USD", "A", 1000);

        List<Connection> taken = takeEveryConnection();
        try {
            long started = System.nanoTime();
            Response invoice = Invoices.post(key, Invoices.body(), invoiceKey);
            Response paid = partner.post("/verified-payments", payment, paymentKey);

            assertThat((System.nanoTime() - started) / 1_000_000).as("both answered within the pool's wait").isLessThan(10_000);
            invoice.then().statusCode(503).header("Retry-After", "1")
                    .body("code", equalTo(10103)).body("code_name", equalTo("service_unavailable"))
                    .body("errors.database[0]", equalTo("temporarily unavailable"));
            paid.then().statusCode(503).header("Retry-After", "1")
                    .body("error.code", equalTo("service_unavailable"));
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }

        Invoices.post(key, Invoices.body(), invoiceKey).then().statusCode(201);
        partner.post("/verified-payments", payment, paymentKey).then().statusCode(200).body("status", equalTo("applied"));
        partner.post("/verified-payments", payment, paymentKey).then().statusCode(200)
                .body("status", equalTo("already_processed"));
        partner.get("/payments/P-1", "source=acme-erp").then().statusCode(200).body("totalAppliedMinor", equalTo(1000));
        assertThat(Sql.count("SELECT count(*) FROM payments WHERE external_payment_id = 'P-1' AND company_id = ?",
                partner.key.company().id())).isEqualTo(1);
    }

    /**
     * The messaging query in the same state: {@code 503} {@code 10103} with {@code errors.database}
     * in its envelope, as every public route answers a database out of reach, and the same query
     * answers once connections are free.
     */
    @Test
    void givenEveryConnectionTaken_whenQueryingWhatsAppEvents_then503With10103AndErrorsDatabase() throws Exception {
        Tenants.Key key = Tenants.company().createKey(Map.of("name", "messaging", "permissions",
                List.of("whatsapp_events:read")));

        List<Connection> taken = takeEveryConnection();
        try {
            Response events = given().auth().oauth2(key.secret()).get("/v1/whatsapp/events");
            events.then().statusCode(503).header("Retry-After", "1").contentType("application/json")
                    .body("code", equalTo(10103)).body("code_name", equalTo("service_unavailable"))
                    .body("errors.database[0]", equalTo("temporarily unavailable"));
            assertThat(events.jsonPath().getString("message")).isNotBlank();
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }
        given().auth().oauth2(key.secret()).get("/v1/whatsapp/events").then().statusCode(200)
                .body("summary.total", equalTo(0));
    }

    /** An entity read outside a transaction (a document by id) reports the same, not the ORM's failure. */
    @Test
    void givenEveryConnectionTaken_whenARepositoryReadsAnEntity_thenStoreUnavailable() throws Exception {
        TenantScope scope = new TenantScope(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE);

        List<Connection> taken = takeEveryConnection();
        try {
            assertThatThrownBy(() -> documents.find(scope, new DocumentId(UUID.randomUUID())))
                    .isInstanceOf(StoreUnavailable.class);
        } finally {
            for (Connection connection : taken) {
                connection.close();
            }
        }
        assertThat(documents.find(scope, new DocumentId(UUID.randomUUID()))).isEmpty();
    }

    private List<Connection> takeEveryConnection() throws Exception {
        List<Connection> taken = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            taken.add(dataSource.getConnection());
        }
        return taken;
    }
}
