package dev.recaudo.rest.apikey;

import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueRejection;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.RevokeResult;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RestSettings;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** API-key administration for the administrator's own company. */
@Path("/companies/{companyId}/api-keys")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Administration")
@SecurityRequirement(name = "adminJwt")
public class ApiKeysResource {

    private final ApiKeyAdministrationUseCase keys;
    private final RestSettings.ApiKeys limits;

    public ApiKeysResource(ApiKeyAdministrationUseCase keys, RestSettings settings) {
        this.keys = keys;
        this.limits = settings.apiKeys();
    }

    public record CreateKeyRequest(
            String name, List<String> permissions, String source, String environment, Integer rateLimitRpm) {}

    /** The key as administrators see it; {@code key} is present only in create and rotate answers. */
    public record ApiKeyView(
            UUID id,
            String name,
            String keyPrefix,
            String environment,
            List<String> permissions,
            String source,
            int rateLimitRpm,
            Instant createdAt,
            Instant lastUsedAt,
            String key) {

        static ApiKeyView of(ApiKey key, String secret) {
            return new ApiKeyView(key.id().value(), key.name(), key.keyPrefix(), key.environment().wireName(),
                    key.permissions().stream().map(Permission::wireName).sorted().toList(), key.source().orElse(null),
                    key.rateLimitRpm(), key.createdAt(), key.lastUsedAt().orElse(null), secret);
        }
    }

    /** The list shape: the same view without the {@code key} property at all. */
    public record ApiKeyListItem(
            UUID id,
            String name,
            String keyPrefix,
            String environment,
            List<String> permissions,
            String source,
            int rateLimitRpm,
            Instant createdAt,
            Instant lastUsedAt) {

        static ApiKeyListItem of(ApiKey key) {
            ApiKeyView view = ApiKeyView.of(key, null);
            return new ApiKeyListItem(view.id(), view.name(), view.keyPrefix(), view.environment(), view.permissions(),
                    view.source(), view.rateLimitRpm(), view.createdAt(), view.lastUsedAt());
        }
    }

    @POST
    @Operation(operationId = "createApiKey")
    @APIResponse(responseCode = "201", description = "The key, with its full text shown this once",
            content = @Content(schema = @Schema(implementation = ApiKeyView.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@PathParam("companyId") String companyId, CreateKeyRequest body) {
        ApiKeySpec spec = specOf(body);
        return issued(keys.create(company(companyId), spec));
    }

    @GET
    @Operation(operationId = "listApiKeys")
    @APIResponse(responseCode = "200", description = "The active keys, without their text")
    public List<ApiKeyListItem> list(@PathParam("companyId") String companyId) {
        return keys.listActive(company(companyId)).stream().map(ApiKeyListItem::of).toList();
    }

    @DELETE
    @Operation(operationId = "revokeApiKey")
    @APIResponse(responseCode = "204", description = "Revoked; the key answers 401 from now on")
    @Path("{keyId}")
    public Response revoke(@PathParam("companyId") String companyId, @PathParam("keyId") String keyId) {
        RevokeResult result = keys.revoke(company(companyId), new ApiKeyId(PathIds.uuid("keyId", keyId)));
        if (result == RevokeResult.KEY_NOT_FOUND) {
            throw new ApiProblem(Problem.NOT_FOUND, "No active key with this id");
        }
        return Response.noContent().build();
    }

    @POST
    @Operation(operationId = "rotateApiKey")
    @APIResponse(responseCode = "201", description = "The new key, with its full text shown this once",
            content = @Content(schema = @Schema(implementation = ApiKeyView.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @Path("{keyId}/rotate")
    public Response rotate(@PathParam("companyId") String companyId, @PathParam("keyId") String keyId) {
        return issued(keys.rotate(company(companyId), new ApiKeyId(PathIds.uuid("keyId", keyId))));
    }

    private static CompanyId company(String companyId) {
        return new CompanyId(PathIds.uuid("companyId", companyId));
    }

    private Response issued(IssueResult result) {
        if (result instanceof IssueResult.Issued issued) {
            return Response.status(Response.Status.CREATED)
                    .entity(ApiKeyView.of(issued.key(), issued.secret().text()))
                    .build();
        }
        IssueRejection reason = ((IssueResult.Rejected) result).reason();
        if (reason == IssueRejection.ACTIVE_KEY_LIMIT_REACHED) {
            throw new ApiProblem(Problem.CONFLICT,
                    "The company already has " + limits.activeMax() + " active keys; revoke one first",
                    Map.of("apiKeys", List.of("at most " + limits.activeMax() + " active keys per company")));
        }
        throw new ApiProblem(Problem.NOT_FOUND, reason == IssueRejection.KEY_NOT_FOUND ? "No active key with this id" : "No such company");
    }

    private ApiKeySpec specOf(CreateKeyRequest body) {
        if (body == null) {
            throw ApiProblem.validation("body", "is required");
        }
        FieldErrors errors = new FieldErrors();
        String name = body.name() == null ? "" : body.name().trim();
        if (name.isEmpty() || name.length() > ApiKey.NAME_LENGTH_MAX) {
            errors.add("name", "must have 1 to " + ApiKey.NAME_LENGTH_MAX + " characters");
        }
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        if (body.permissions() == null) {
            permissions.addAll(Permission.DEFAULTS);
        } else if (body.permissions().isEmpty()) {
            errors.add("permissions", "must name at least one permission when present");
        } else {
            for (String text : body.permissions()) {
                Optional<Permission> permission = Permission.fromWireName(text);
                permission.ifPresentOrElse(permissions::add, () -> errors.add("permissions", "has an unknown permission: " + text));
            }
        }
        Optional<String> source = Optional.ofNullable(body.source()).map(String::trim);
        if (source.isPresent() && (source.get().isEmpty() || source.get().length() > ApiKey.SOURCE_LENGTH_MAX)) {
            errors.add("source", "must have 1 to " + ApiKey.SOURCE_LENGTH_MAX + " characters");
        }
        KeyEnvironment environment = KeyEnvironment.LIVE;
        if (body.environment() != null) {
            Optional<KeyEnvironment> parsed = KeyEnvironment.fromWireName(body.environment());
            if (parsed.isEmpty()) {
                errors.add("environment", "must be live or test");
            } else {
                environment = parsed.get();
            }
        }
        int rateLimitRpm = body.rateLimitRpm() == null ? limits.rpmDefault() : body.rateLimitRpm();
        if (rateLimitRpm < 1 || rateLimitRpm > limits.rpmMax()) {
            errors.add("rateLimitRpm", "must be between 1 and " + limits.rpmMax());
        }
        errors.throwIfAny();
        return new ApiKeySpec(name, permissions, source, environment, rateLimitRpm);
    }
}
