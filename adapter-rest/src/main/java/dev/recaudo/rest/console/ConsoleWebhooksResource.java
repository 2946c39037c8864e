package dev.recaudo.rest.console;

import dev.recaudo.application.webhook.WebhookEndpointsUseCase;
import dev.recaudo.application.webhook.WebhookEndpointsUseCase.RegisterResult;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.webhook.WebhookDelivery;
import dev.recaudo.domain.webhook.WebhookEndpoint;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.webhook.WebhookRequests;
import dev.recaudo.rest.webhook.WebhookRequests.RegisterRequest;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The webhook endpoints of the environment a session shows, for the company's administrators
 * (docs/console.md): listed, registered and their secret rotated (the secret shown once), each with its
 * delivery log, from which a delivery is sent again; through the administration API's use case.
 */
@Path(ConsolePaths.ROOT + "/integration/webhooks")
@Produces(MediaType.TEXT_HTML)
public class ConsoleWebhooksResource {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    WebhookEndpointsUseCase endpoints;

    @Inject
    RequestValidation validation;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    Caller caller;

    @Inject
    @Location("console-webhooks.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.ADMIN, uri, visited -> render(200, visited, sessionId, Optional.empty(),
                Optional.empty(), Optional.empty()));
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response register(@FormParam("url") String url, @FormParam("event") List<String> events, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            WebhookRequests.Registration registration;
            try {
                registration = WebhookRequests.registration(validation, new RegisterRequest(url,
                        events == null || events.isEmpty() ? null : events, visited.visit().environment().wireName()));
            } catch (ApiProblem refused) {
                return render(422, visited, sessionId, Optional.empty(), Optional.of(refused.getMessage()), Optional.empty());
            }
            RegisterResult result = endpoints.register(visited.visit().admin().companyId(), registration.environment(), registration.url(),
                    registration.events());
            if (result instanceof RegisterResult.Registered registered) {
                caller.resultId(registered.endpoint().id());
                return render(200, visited, sessionId, registered.endpoint().secrets().current(), Optional.empty(), Optional.empty());
            }
            String why = result instanceof RegisterResult.TargetRefused refused ? refused.reason()
                    : "at most " + ((RegisterResult.LimitReached) result).endpointsPerCompanyMax() + " endpoints per company";
            return render(result instanceof RegisterResult.TargetRefused ? 422 : 409, visited, sessionId, Optional.empty(), Optional.of(why),
                    Optional.empty());
        });
    }

    /** An endpoint with its delivery log. */
    @GET
    @Path("{endpointId}")
    @Operation(hidden = true)
    public Response endpoint(@PathParam("endpointId") String endpointId, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.ADMIN, uri, visited -> PathIds.parse(endpointId)
                .flatMap(id -> endpoints.endpoint(visited.scope(), id))
                .map(endpoint -> render(200, visited, sessionId, Optional.empty(), Optional.empty(), Optional.of(endpoint)))
                .orElseGet(() -> gate.notFound(visited.texts(), visited.root())));
    }

    @POST
    @Path("{endpointId}/rotate")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "endpointId")
    @Operation(hidden = true)
    public Response rotate(@PathParam("endpointId") String endpointId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> PathIds.parse(endpointId)
                .flatMap(id -> endpoints.endpoint(visited.scope(), id))
                .flatMap(endpoint -> endpoints.rotateSecret(visited.visit().admin().companyId(), endpoint.id(), Optional.empty()))
                .map(rotated -> render(200, visited, sessionId, rotated.secrets().current(), Optional.empty(), Optional.of(rotated)))
                .orElseGet(() -> gate.notFound(visited.texts(), visited.root())));
    }

    @POST
    @Path("{endpointId}/deliveries/{deliveryId}/redeliver")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "deliveryId")
    @Operation(hidden = true)
    public Response redeliver(@PathParam("endpointId") String endpointId, @PathParam("deliveryId") String deliveryId,
            @FormParam("csrf") String csrf, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            Optional<UUID> delivery = PathIds.parse(deliveryId);
            Optional<WebhookDelivery> sent = PathIds.parse(endpointId).flatMap(id -> endpoints.endpoint(visited.scope(), id))
                    .flatMap(endpoint -> delivery.flatMap(id -> endpoints.redeliver(visited.visit().admin().companyId(), endpoint.id(), id)));
            if (sent.isEmpty()) {
                return gate.notFound(visited.texts(), visited.root());
            }
            return ConsolePaths.seeOther(visited.root() + "console/integration/webhooks/" + sent.get().endpointId()).build();
        });
    }

    private Response render(int status, ConsoleGate.Visited visited, String sessionId, Optional<String> newSecret, Optional<String> problem,
            Optional<WebhookEndpoint> shown) {
        ConsoleTexts texts = visited.texts();
        List<Map<String, Object>> deliveries = shown.flatMap(endpoint -> endpoints.deliveries(visited.visit().admin().companyId(),
                endpoint.id())).orElse(List.of()).stream().map(delivery -> Map.<String, Object>of("id", delivery.id().toString(),
                        "event", delivery.eventType(), "status", delivery.status().name().toLowerCase(Locale.ROOT),
                        "attempts", delivery.attempts(), "created", WHEN.format(delivery.createdAt()))).toList();
        return ConsolePaths.page(status, visited.fill(page)
                .data("endpoints", endpoints.list(visited.scope()).stream().map(endpoint -> Map.<String, Object>of(
                        "id", endpoint.id().toString(), "url", endpoint.url(), "events", String.join(" ", new TreeSet<>(endpoint.events())),
                        "created", WHEN.format(endpoint.createdAt()))).toList())
                .data("eventTypes", new TreeSet<>(WebhookEndpoint.EVENT_TYPES))
                .data("shown", shown.map(endpoint -> Map.of("id", endpoint.id().toString(), "url", endpoint.url())).orElse(null))
                .data("deliveries", deliveries)
                .data("newSecret", newSecret.orElse(null))
                .data("problem", problem.map(text -> texts.word("endpointRefused") + " " + text).orElse(null))
                .data("csrf", tokens.forSession(sessionId))
                .render(), texts);
    }
}
