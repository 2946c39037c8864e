package dev.recaudo.rest.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Partner integrations API: Bearer key, {@code Service-Timestamp}, {@code Service-Signature}, {@code Idempotency-Key} on POST. */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface IntegrationsApi {}
