package dev.recaudo.rest.auth;

import dev.recaudo.domain.apikey.Permission;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The permission a key needs for this resource method; the family's filter enforces it. Several
 * permissions mean any one of them is enough.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RequiresPermission {
    Permission[] value();
}
