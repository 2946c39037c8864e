package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.rest.common.PathIds;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
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
    class Validator implements ConstraintValidator<Uuid, String> {

        private boolean required;

        @Override
        public void initialize(Uuid annotation) {
            required = annotation.required();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) {
                return !required || Violations.refuse(context, "is required");
            }
            return PathIds.parse(value).isPresent();
        }
    }
}
