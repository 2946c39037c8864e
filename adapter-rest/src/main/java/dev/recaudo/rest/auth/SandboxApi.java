package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * Sandbox controls: a test key, as {@code Authorization: Bearer} or {@code X-API-Key}. The binding
 * also names both schemes in the OpenAPI document, so its resource does not repeat them.
 */
@NameBinding
@SecurityRequirement(name = "apiKeyBearer")
@SecurityRequirement(name = "xApiKey")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface SandboxApi {}
