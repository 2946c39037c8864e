package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Company administration: {@code Authorization: Bearer <admin JWT>} confined to the token's
 * company. The binding also names the scheme and the tag in the OpenAPI document, so its resources
 * do not repeat them.
 */
@NameBinding
@SecurityRequirement(name = "adminJwt")
@Tag(name = "Administration")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AdminApi {}
