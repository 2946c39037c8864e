package dev.recaudo.rest.operator;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.domain.admin.AdminUser;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An administrator's first password: at least {@link AdminUser#PASSWORD_LENGTH_MIN} characters, and
 * at most {@link AdminUser#PASSWORD_BYTES_MAX} bytes in UTF-8, which is all its hash reads. Absent is refused.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = AdminPassword.Validator.class)
public @interface AdminPassword {

    String message() default "must have at least " + AdminUser.PASSWORD_LENGTH_MIN + " characters and at most "
            + AdminUser.PASSWORD_BYTES_MAX + " bytes";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link AdminPassword}. */
    class Validator implements ConstraintValidator<AdminPassword, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return AdminUser.acceptablePassword(value);
        }
    }
}
