package dev.recaudo.rest.integration;

import dev.recaudo.rest.auth.IntegrationsApiFilter;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * What every integrations write names besides its body: the company in its path and its
 * {@code Idempotency-Key}, declared once so that every write documents them alike. The filter of
 * the family has checked both before an endpoint runs.
 */
public class IntegrationWrite {

    @PathParam("companyId")
    String companyId;

    @Parameter(required = true, description = "Stable per operation; the same key and body replay the first answer")
    @HeaderParam(IntegrationsApiFilter.IDEMPOTENCY_HEADER)
    String idempotencyKey;

    String idempotencyKey() {
        return idempotencyKey;
    }
}
