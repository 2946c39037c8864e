package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
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
    class Validator extends PresentValueValidator<Matches, String> {

        /** Compiled once per annotated field, not per value. */
        private Pattern pattern;

        @Override
        public void initialize(Matches annotation) {
            super.initialize(annotation);
            pattern = Pattern.compile(annotation.regexp());
        }

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            return pattern.matcher(value).matches() || Violations.refuse(context, "must match " + rule.regexp());
        }
    }
}
