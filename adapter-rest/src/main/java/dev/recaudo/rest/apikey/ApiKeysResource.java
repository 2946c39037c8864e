package dev.recaudo.rest.apikey;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueRejection;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.IssueResult;
import dev.recaudo.application.apikey.ApiKeyAdministrationUseCase.RevokeResult;
import dev.recaudo.domain.apikey.ApiKey;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.ApiKeySpec;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.rest.apikey.ApiKeyRequests.CreateKeyRequest;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.auth.AdminApi;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.Problem;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.RestSettings;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** API-key administration for the administrator's own company. */
@Path("/companies/{companyId}/api-keys")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class ApiKeysResource {

    @Inject
    ApiKeyAdministrationUseCase keys;

    @Inject
    RequestValidation validation;

    @Inject
    RestSettings settings;

    @Inject
    Caller caller;

    /** A key as the list shows it, without its text. */
    @RegisterForReflection
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
            return new ApiKeyListItem(key.id().value(), key.name(), key.keyPrefix(), key.environment().wireName(),
                    key.permissions().stream().map(Permission::wireName).sorted().toList(), key.source().orElse(null),
                    key.rateLimitRpm(), key.createdAt(), key.lastUsedAt().orElse(null));
        }
    }

    /** The answer to a creation or a rotation: the key as listed, and its full text, shown this once. */
    @RegisterForReflection
    public record ApiKeyView(@JsonUnwrapped ApiKeyListItem listed, String key) {}

    @POST
    @Audited
    @Operation(operationId = "createApiKey")
    @APIResponse(responseCode = "201", description = "The key, with its full text shown this once",
            content = @Content(schema = @Schema(implementation = ApiKeyView.class)))
    @APIResponse(responseCode = "409", ref = "PublicConflict")
    @APIResponse(responseCode = "415", ref = "PublicUnsupportedMediaType")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@PathParam("companyId") String companyId, CreateKeyRequest body) {
        ApiKeySpec spec = ApiKeyRequests.spec(validation, body, settings.apiKeys());
        return issued(keys.create(company(companyId), spec));
    }

    @GET
    @Operation(operationId = "listApiKeys")
    @APIResponse(responseCode = "200", description = "The active keys, without their text")
    public List<ApiKeyListItem> list(@PathParam("companyId") String companyId) {
        return keys.listActive(company(companyId)).stream().map(ApiKeyListItem::of).toList();
    }

    @DELETE
    @Audited(target = "keyId")
    @Operation(operationId = "revokeApiKey")
    @APIResponse(responseCode = "204", description = "Revoked, now or before; the key answers 401 from now on")
    @Path("{keyId}")
    public Response revoke(@PathParam("companyId") String companyId, @PathParam("keyId") String keyId) {
        RevokeResult result = keys.revoke(company(companyId), new ApiKeyId(PathIds.uuid("keyId", keyId)));
        if (result == RevokeResult.KEY_NOT_FOUND) {
            throw new ApiProblem(Problem.NOT_FOUND, "No key with this id");
        }
        return Response.noContent().build();
    }

    @POST
    @Audited(target = "keyId")
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
            caller.resultId(issued.key().id().value());
            return Response.status(Response.Status.CREATED)
                    .entity(new ApiKeyView(ApiKeyListItem.of(issued.key()), issued.secret().text()))
                    .build();
        }
        IssueRejection reason = ((IssueResult.Rejected) result).reason();
        if (reason == IssueRejection.ACTIVE_KEY_LIMIT_REACHED) {
            throw new ApiProblem(Problem.CONFLICT,
                    "The company already has " + settings.apiKeys().activeMax() + " active keys; revoke one first",
                    Map.of("apiKeys", List.of("at most " + settings.apiKeys().activeMax() + " active keys per company")));
        }
        throw new ApiProblem(Problem.NOT_FOUND, reason == IssueRejection.KEY_NOT_FOUND ? "No active key with this id" : "No such company");
    }
}
