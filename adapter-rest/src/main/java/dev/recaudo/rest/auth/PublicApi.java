package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * Public invoice API and messaging query: {@code Authorization: Bearer <key>} with scopes. The
 * binding also names the scheme in the OpenAPI document, so its resources do not repeat it.
 */
@NameBinding
@SecurityRequirement(name = "apiKeyBearer")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface PublicApi {}
