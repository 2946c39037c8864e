package dev.recaudo.rest.integration;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.rest.common.validation.Text;
import dev.recaudo.rest.common.validation.Text.Blank;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A customer's name as the integrations word it: a {@link Text} that is required and at most
 * {@link CustomerProfile#NAME_LENGTH_MAX} characters, refused with one message whether it is
 * missing, blank or too long.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = {})
@ReportAsSingleViolation
@Text(max = CustomerProfile.NAME_LENGTH_MAX, required = true, blank = Blank.ABSENT)
public @interface CustomerName {

    String message() default "is required, at most " + CustomerProfile.NAME_LENGTH_MAX + " characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
