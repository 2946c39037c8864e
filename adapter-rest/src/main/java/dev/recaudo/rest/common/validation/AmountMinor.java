package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.domain.money.Money;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An amount in minor units from {@link #min} to {@link Money#AMOUNT_MINOR_MAX}, the maximum that
 * keeps every sum of a request within a {@code long}. Absent, it is refused with {@link #whenNull}
 * unless it is optional; the families word that message differently.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = AmountMinor.Validator.class)
public @interface AmountMinor {

    long min();

    boolean required() default true;

    String whenNull() default "is required";

    String message() default "must be an integer from {min} to " + Money.AMOUNT_MINOR_MAX;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link AmountMinor}. */
    class Validator extends PresentValueValidator<AmountMinor, Long> {

        @Override
        boolean required() {
            return rule.required();
        }

        @Override
        String whenAbsent() {
            return rule.whenNull();
        }

        @Override
        boolean isValidPresent(Long value, ConstraintValidatorContext context) {
            return (value >= rule.min() && value <= Money.AMOUNT_MINOR_MAX)
                    || Violations.refuse(context, "must be an integer from " + rule.min() + " to " + Money.AMOUNT_MINOR_MAX);
        }
    }
}
