package dev.recaudo.e2e.webhooks;

import static io.restassured.RestAssured.given;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.webhook.DeliveryClaims;
import dev.recaudo.e2e.support.ExternalPayments;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: test traffic must not delay live traffic. Each lane is dispatched by runs of its own, so
 * a claim of one lane that waits (here: on its turn, which a transaction of the test holds) leaves
 * the other lane's sending alone, for webhooks and for callbacks alike.
 */
@QuarkusTest
class LanesApartTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Inject
    Transactions transactions;

    @Inject
    DeliveryClaims deliveryClaims;

    @Inject
    ExternalPaymentCallbacks callbacks;

    @Test
    void givenTheTestLanesWebhookClaimHeldUp_whenALiveInvoiceIsCreated_thenItsWebhookStillArrives() throws Exception {
        Tenants.Company company = Tenants.company();
        try (Receiver receiver = new Receiver(ordinal -> 204)) {
            given().auth().oauth2(company.adminToken()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url(), "events", List.of("invoice.created")))
                    .post("/companies/{c}/webhook-endpoints", company.id()).then().statusCode(201);
            HeldTransaction<Void> testLaneTurn = HeldTransaction.start(transactions, () -> {
                deliveryClaims.serializeClaims(KeyEnvironment.TEST);
                return null;
            });
            try {
                Invoices.create(Invoices.liveKey(company));

                Receiver.await(() -> !receiver.received().isEmpty(), PATIENCE);
            } finally {
                testLaneTurn.commit();
            }
        }
    }

    /** The other way round for callbacks, since only test payments have them here: the live lane held up. */
    @Test
    void givenTheLiveLanesCallbackClaimHeldUp_whenATestPaymentCompletes_thenItsCallbackStillArrives() throws Exception {
        Tenants.Key shop = Tenants.company().createKey(Map.of("name", "shop", "environment", "test"));
        try (Receiver receiver = new Receiver(ordinal -> 204)) {
            HeldTransaction<Void> liveLaneTurn = HeldTransaction.start(transactions, () -> {
                callbacks.serializeClaims(KeyEnvironment.LIVE);
                return null;
            });
            try {
                ExternalPayments.direct(shop, Map.of("amountMinor", 900, "currency", "USD", "callbackUrl", receiver.url()));

                Receiver.await(() -> !receiver.received().isEmpty(), PATIENCE);
            } finally {
                liveLaneTurn.commit();
            }
        }
    }
}
