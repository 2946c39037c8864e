package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.rest.common.PathIds;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/** A UUID in its 8-4-4-4-12 hexadecimal form, as {@link PathIds#parse} reads it; absent passes unless required. */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = Uuid.Validator.class)
public @interface Uuid {

    boolean required() default false;

    String message() default "must be a UUID";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link Uuid}. */
    class Validator extends PresentValueValidator<Uuid, String> {

        @Override
        boolean required() {
            return rule.required();
        }

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            return PathIds.parse(value).isPresent();
        }
    }
}
