package dev.recaudo.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryWebhookRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.fakes.Unused;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.dispatch.TargetHealth;
import dev.recaudo.domain.webhook.EndpointSecrets;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Rotating an endpoint's secret and resuming a paused one, without a database. */
class WebhookEndpointsServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private static final Duration CONFIGURED_OVERLAP = Duration.ofHours(24);

    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryWebhookRepository webhooks = new InMemoryWebhookRepository();
    private final Deque<String> fresh = new ArrayDeque<>(List.of("whsec_Yg==", "whsec_Yw=="));
    private final WebhookEndpointsService service = new WebhookEndpointsService(webhooks, webhooks, Unused.port(CompanyRepository.class),
            Unused.port(WebhookTargetPolicy.class), fresh::poll, new DirectTransactions(), clock, 10, CONFIGURED_OVERLAP);
    private final WebhookEndpoint endpoint = new WebhookEndpoint(UUID.randomUUID(), CompanyId.random(), KeyEnvironment.LIVE,
            "https://hooks.acme.example/recaudo", Set.of("invoice.paid"), EndpointSecrets.of("whsec_YQ=="), NOW.minusSeconds(60));

    @Test
    void givenNoOverlapAsked_whenRotated_thenTheNewSecretIsStoredAndTheOldOneSignsForTheConfiguredOverlap() {
        webhooks.insertEndpoint(endpoint);

        Optional<WebhookEndpoint> rotated = service.rotateSecret(endpoint.companyId(), endpoint.id(), Optional.empty());

        EndpointSecrets expected = new EndpointSecrets(Optional.of("whsec_Yg=="),
                Optional.of(new EndpointSecrets.Previous("whsec_YQ==", NOW.plus(CONFIGURED_OVERLAP))));
        assertThat(rotated).map(WebhookEndpoint::secrets).contains(expected);
        assertThat(webhooks.findEndpoint(endpoint.companyId(), endpoint.id())).map(WebhookEndpoint::secrets).contains(expected);
    }

    @Test
    void givenAnOverlapAsked_whenRotatedTwice_thenItIsUsedAndTheFirstSecretIsDropped() {
        webhooks.insertEndpoint(endpoint);

        service.rotateSecret(endpoint.companyId(), endpoint.id(), Optional.of(Duration.ofMinutes(5)));
        clock.advance(Duration.ofMinutes(1));
        Optional<WebhookEndpoint> again = service.rotateSecret(endpoint.companyId(), endpoint.id(), Optional.of(Duration.ZERO));

        assertThat(again).map(WebhookEndpoint::secrets).contains(new EndpointSecrets(Optional.of("whsec_Yw=="),
                Optional.of(new EndpointSecrets.Previous("whsec_Yg==", NOW.plus(Duration.ofMinutes(1))))));
        assertThat(again.orElseThrow().secrets().signingAt(clock.instant())).containsExactly("whsec_Yw==");
    }

    @Test
    void givenAnotherCompanysEndpoint_whenRotated_thenNotFoundAndItsSecretsAreUnchanged() {
        webhooks.insertEndpoint(endpoint);

        assertThat(service.rotateSecret(CompanyId.random(), endpoint.id(), Optional.empty())).isEmpty();
        assertThat(service.rotateSecret(endpoint.companyId(), UUID.randomUUID(), Optional.empty())).isEmpty();

        assertThat(webhooks.findEndpoint(endpoint.companyId(), endpoint.id())).map(WebhookEndpoint::secrets)
                .contains(EndpointSecrets.of("whsec_YQ=="));
        assertThat(fresh).as("no secret is made for nothing").hasSize(2);
    }

    @Test
    void givenAPausedEndpoint_whenItsAdministratorResumesIt_thenHealthyAtOnceAndAnotherCompanyCannot() {
        TargetHealth paused = new TargetHealth(7, 2, Optional.of(NOW.plus(Duration.ofMinutes(2))));
        webhooks.insertEndpoint(endpoint.withHealth(paused));

        assertThat(service.resume(CompanyId.random(), endpoint.id())).isEmpty();
        assertThat(webhooks.endpoint(endpoint.id()).health()).as("another company's resume changes nothing").isEqualTo(paused);
        Optional<WebhookEndpoint> resumed = service.resume(endpoint.companyId(), endpoint.id());

        assertThat(resumed).map(WebhookEndpoint::health).contains(TargetHealth.HEALTHY);
        assertThat(webhooks.endpoint(endpoint.id()).health()).isEqualTo(TargetHealth.HEALTHY);
        assertThat(service.list(endpoint.companyId())).singleElement().extracting(WebhookEndpoint::health)
                .isEqualTo(TargetHealth.HEALTHY);
    }
}
