package dev.recaudo.rest.console;

import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.RevokeResult;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.rest.apikey.ApiKeyRequests;
import dev.recaudo.rest.apikey.ApiKeyRequests.CreateKeyRequest;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The API keys of the environment a session shows, for the company's administrators (docs/console.md):
 * listed, created (the key shown once), rotated (the new key shown once) and revoked, through the
 * administration API's use case and its rules for a key's name, permissions, partner and rate.
 */
@Path(ConsolePaths.ROOT + "/integration/keys")
@Produces(MediaType.TEXT_HTML)
public class ConsoleKeysResource {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    ApiKeyAdministrationUseCase keys;

    @Inject
    RequestValidation validation;

    @Inject
    RestSettings settings;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    Caller caller;

    @Inject
    @Location("console-keys.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.ADMIN, uri, visited -> render(200, visited, sessionId, Optional.empty(),
                Optional.empty()));
    }

    /** The creation form posts to the page's own path, which answers the page with the new key, shown this once. */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response create(@FormParam("name") String name, @FormParam("source") String source,
            @FormParam("permission") List<String> permissions, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            ApiKeySpec spec;
            try {
                spec = ApiKeyRequests.spec(validation, new CreateKeyRequest(name, permissions == null || permissions.isEmpty() ? null
                        : permissions, ConsoleQueries.blankToNull(source), visited.visit().environment().wireName(), null),
                        settings.apiKeys());
            } catch (ApiProblem refused) {
                return render(422, visited, sessionId, Optional.empty(), Optional.of(refused.getMessage()));
            }
            return issued(keys.create(visited.visit().admin().companyId(), spec), visited, sessionId);
        });
    }

    @POST
    @Path("{keyId}/rotate")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "keyId")
    @Operation(hidden = true)
    public Response rotate(@PathParam("keyId") String keyId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> PathIds.parse(keyId)
                .map(id -> issued(keys.rotate(visited.scope(), new ApiKeyId(id)), visited, sessionId))
                .orElseGet(() -> gate.notFound(visited.texts(), visited.root())));
    }

    @POST
    @Path("{keyId}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "keyId")
    @Operation(hidden = true)
    public Response revoke(@PathParam("keyId") String keyId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            RevokeResult revoked = PathIds.parse(keyId).map(id -> keys.revoke(visited.scope(), new ApiKeyId(id)))
                    .orElse(RevokeResult.KEY_NOT_FOUND);
            if (revoked == RevokeResult.KEY_NOT_FOUND) {
                return gate.notFound(visited.texts(), visited.root());
            }
            return ConsolePaths.seeOther(visited.root() + "console/integration/keys").build();
        });
    }

    /** The page with the key just issued, or the reason none was. */
    private Response issued(IssueResult result, ConsoleGate.Visited visited, String sessionId) {
        if (result instanceof IssueResult.Issued issued) {
            caller.resultId(issued.key().id().value());
            return render(200, visited, sessionId, Optional.of(issued.secret().text()), Optional.empty());
        }
        ApiKeyAdministrationUseCase.IssueRejection reason = ((IssueResult.Rejected) result).reason();
        if (reason == ApiKeyAdministrationUseCase.IssueRejection.KEY_NOT_FOUND) {
            return gate.notFound(visited.texts(), visited.root());
        }
        return render(409, visited, sessionId, Optional.empty(), Optional.of(reason.name().toLowerCase(Locale.ROOT)));
    }

    private Response render(int status, ConsoleGate.Visited visited, String sessionId, Optional<String> newKey, Optional<String> problem) {
        ConsoleTexts texts = visited.texts();
        return ConsolePaths.page(status, visited.fill(page)
                .data("keys", keys.listActive(visited.scope()).stream().map(key -> Map.<String, Object>of("id", key.id().value().toString(),
                        "name", key.name(), "prefix", key.keyPrefix(), "source", key.source().orElse(""),
                        "permissions", key.permissions().stream().map(WireNamed::wireName).sorted().collect(Collectors.joining(" ")),
                        "created", WHEN.format(key.createdAt()), "lastUsed", key.lastUsedAt().map(WHEN::format).orElse("—"))).toList())
                .data("permissions", Arrays.stream(Permission.values()).map(Permission::wireName).toList())
                .data("newKey", newKey.orElse(null))
                .data("problem", problem.map(text -> texts.word("keyRefused") + " " + text).orElse(null))
                .data("csrf", tokens.forSession(sessionId))
                .render(), texts);
    }
}
