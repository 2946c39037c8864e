package dev.recaudo.rest.integration;

import dev.recaudo.rest.common.ErrorEnvelopes;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The answers a payment write gives besides its {@code 200}, named once for the OpenAPI document:
 * a refused payment or key, a conflict with an earlier request, a body that is not JSON, an
 * application that did not finish, and a busy service.
 */
@APIResponse(responseCode = "404", ref = "IntegrationsNotFound")
@APIResponse(responseCode = "409", ref = "IntegrationsConflict")
@APIResponse(responseCode = "415", ref = "IntegrationsUnsupportedMediaType")
@APIResponse(responseCode = "500", description = "The application did not finish (status failed); nothing was kept",
        content = @Content(schema = @Schema(
                oneOf = {PaymentAnswers.FailedPayment.class, ErrorEnvelopes.IntegrationsErrorResponse.class})))
@APIResponse(responseCode = "503", ref = "IntegrationsServiceUnavailable")
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface PaymentWriteAnswers {}
