package dev.recaudo.persistence.common;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a repository: a failure of any of its calls that will pass (the database out of reach, no
 * connection in time) leaves it as the domain's {@link dev.recaudo.domain.common.StoreUnavailable},
 * whether the call ran a native statement or an entity read outside a transaction.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StoreFailures {}
