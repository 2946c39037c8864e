package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Partner integrations API: Bearer key, {@code Service-Timestamp}, {@code Service-Signature},
 * {@code Idempotency-Key} on POST. The binding also names the schemes in the OpenAPI document, so
 * its resources do not repeat them.
 */
@NameBinding
@Tag(name = "Integrations")
@SecurityRequirementsSet({@SecurityRequirement(name = "apiKeyBearer"), @SecurityRequirement(name = "integrationsSignature"),
        @SecurityRequirement(name = "integrationsTimestamp")})
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface IntegrationsApi {}
