package dev.recaudo.rest.externalpayment;

import dev.recaudo.rest.common.IdempotentWrites;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The {@code Idempotency-Key} of a payment creation, declared once for both ways of creating one. */
public class CreationKey {

    @Parameter(required = true, description = "A UUID v4, unique per operation; the same key and body replay the first answer")
    @HeaderParam(IdempotentWrites.INTEGRATIONS_HEADER)
    String value;
}
