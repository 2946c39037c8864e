package dev.recaudo.rest.externalpayment;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * What the two ways of creating a payment (hosted and direct) answer besides the {@code 201}, named
 * once for the OpenAPI document.
 */
@APIResponse(responseCode = "404", ref = "StatusNotFound")
@APIResponse(responseCode = "409", ref = "StatusConflict")
@APIResponse(responseCode = "415", ref = "StatusUnsupportedMediaType")
@APIResponse(responseCode = "503", ref = "StatusServiceUnavailable")
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface PaymentCreation {}
