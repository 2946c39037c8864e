package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.e2e.support.HeldTransaction;
import dev.recaudo.e2e.support.NoPollers;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An endpoint's secrets on PostgreSQL: a rotation is stored whole and two rotations never lose one. */
@QuarkusTest
@TestProfile(NoPollers.class)
class EndpointSecretsPersistenceTest extends DeliveryPersistence {

    @Inject
    WebhookEndpointsUseCase endpoints;

    @Test
    void givenARotation_whenTheEndpointIsReadBack_thenBothSecretsAndTheEndOfTheOverlapAreThere() {
        WebhookEndpoint endpoint = endpoint(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE, Set.of("invoice.paid"));

        WebhookEndpoint rotated = endpoints.rotateSecret(endpoint.companyId(), endpoint.id(), Optional.of(Duration.ofMinutes(5)))
                .orElseThrow();

        String replaced = endpoint.secrets().current().orElseThrow();
        assertThat(rotated.secrets().current().orElseThrow()).startsWith("whsec_").isNotEqualTo(replaced);
        assertThat(rotated.secrets().previous()).map(EndpointSecrets.Previous::secret).contains(replaced);
        assertThat(webhooks.findEndpoint(endpoint.companyId(), endpoint.id())).map(WebhookEndpoint::secrets)
                .contains(rotated.secrets());
    }

    /**
     * A rotation that meets another one in progress waits for it and replaces the secret it stored:
     * read without the lock, it would replace the secret the other one had just retired, and the
     * secret the other one handed out would never sign.
     */
    @Test
    void givenARotationInProgress_whenAnotherOneStarts_thenItWaitsAndRetiresTheSecretTheFirstOneStored() throws Exception {
        WebhookEndpoint endpoint = endpoint(new CompanyId(Tenants.company().id()), KeyEnvironment.LIVE, Set.of("invoice.paid"));
        HeldTransaction<EndpointSecrets> first = HeldTransaction.start(transactions, () -> {
            EndpointSecrets rotated = webhooks.lockEndpoint(endpoint.companyId(), endpoint.id()).orElseThrow().secrets()
                    .rotatedTo("whsec_Zmlyc3Q=", Instant.now(), Duration.ofHours(1));
            webhooks.replaceSecrets(endpoint.companyId(), endpoint.id(), rotated);
            return rotated;
        });
        CompletableFuture<Optional<WebhookEndpoint>> second = CompletableFuture.supplyAsync(
                () -> endpoints.rotateSecret(endpoint.companyId(), endpoint.id(), Optional.empty()));
        Thread.sleep(300);
        assertThat(second).as("the second rotation waits for the first one's row").isNotDone();

        first.commit();

        WebhookEndpoint after = second.get(10, TimeUnit.SECONDS).orElseThrow();
        assertThat(after.secrets().previous()).map(EndpointSecrets.Previous::secret).contains("whsec_Zmlyc3Q=");
        assertThat(webhooks.findEndpoint(endpoint.companyId(), endpoint.id())).map(WebhookEndpoint::secrets)
                .contains(after.secrets());
    }
}
