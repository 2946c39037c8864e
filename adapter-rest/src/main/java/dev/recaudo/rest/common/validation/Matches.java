package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.regex.Pattern;

/**
 * A text matching {@link #regexp} as a whole, refused as "must match" and the expression itself, which
 * the standard {@code @Pattern} cannot say without escaping the expression's braces for its interpolator.
 * Absent passes.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = Matches.Validator.class)
public @interface Matches {

    String regexp();

    String message() default "must match the expression";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link Matches}. */
    class Validator implements ConstraintValidator<Matches, String> {

        private String regexp;
        private Pattern pattern;

        @Override
        public void initialize(Matches annotation) {
            regexp = annotation.regexp();
            pattern = Pattern.compile(regexp);
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || pattern.matcher(value).matches() || Violations.refuse(context, "must match " + regexp);
        }
    }
}
