package dev.recaudo.rest.integration;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.domain.idempotency.Signature;
import dev.recaudo.rest.auth.IntegrationsApiFilter;
import dev.recaudo.rest.auth.RequestSignature;
import dev.recaudo.rest.common.IdempotentWrites;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * What every integrations write names besides its body: the company in its path, its
 * {@code Idempotency-Key} and its signature headers, declared once so that every write documents
 * them alike and hands them to the core as data. The filter of the family has checked all of them
 * before an endpoint runs; the signature headers are documented as the family's security schemes.
 */
public class IntegrationWrite {

    @PathParam("companyId")
    String companyId;

    @Parameter(required = true, description = "Stable per operation; the same key and body replay the first answer")
    @HeaderParam(IntegrationsApiFilter.IDEMPOTENCY_HEADER)
    String idempotencyKey;

    @Parameter(hidden = true)
    @HeaderParam(IntegrationsApiFilter.TIMESTAMP_HEADER)
    String timestamp;

    @Parameter(hidden = true)
    @HeaderParam(IntegrationsApiFilter.SIGNATURE_HEADER)
    String signature;

    /** When the partner signed the request: its {@code Service-Timestamp}, which orders its upserts. */
    Instant signedAt() {
        return Instant.ofEpochSecond(Long.parseLong(timestamp));
    }

    /** The write of {@code operation} with this body and no id in its path, carrying the signature. */
    IdempotentWrites.Request request(String operation, JsonNode body) {
        return request(operation, Map.of(), body);
    }

    /** The write of {@code operation} on the ids its path names, carrying the signature; {@code body} null when it reads none. */
    IdempotentWrites.Request request(String operation, Map<String, String> pathIds, JsonNode body) {
        return new IdempotentWrites.Request(operation, idempotencyKey, pathIds, body,
                Optional.of(new Signature(signature.substring(RequestSignature.SCHEME_PREFIX.length()))));
    }
}
