package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Platform operator: {@code Authorization: Bearer <RECAUDO_OPERATOR_TOKEN>}. The binding also
 * names the scheme and the tag in the OpenAPI document, so its resource does not repeat them.
 */
@NameBinding
@SecurityRequirement(name = "operatorToken")
@Tag(name = "Operator")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface OperatorApi {}
