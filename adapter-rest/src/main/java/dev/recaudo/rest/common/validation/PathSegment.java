package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.rest.common.PathIds;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.List;

/** An id the partner later names as a path segment, by the rules of {@link PathIds#segmentProblems}; absent passes. */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = PathSegment.Validator.class)
public @interface PathSegment {

    String message() default "must be usable as a path segment";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link PathSegment}, reporting each rule the id breaks. */
    class Validator extends PresentValueValidator<PathSegment, String> {

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            List<String> problems = PathIds.segmentProblems(value);
            problems.forEach(problem -> Violations.refuse(context, problem));
            return problems.isEmpty();
        }
    }
}
