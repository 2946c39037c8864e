package dev.recaudo.rest.audit;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an administration or operator operation whose every authenticated call leaves one record in
 * the audit trail ({@link AdministrationAudit}). Auditing a new operation is this one annotation on
 * its method (the filter class carries it too, which is how JAX-RS binds the two).
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Audited {

    /**
     * The path parameter naming the object acted on. Empty: the object the resource reported through
     * {@code Caller.resultId}, when it created or found one.
     */
    String target() default "";
}
