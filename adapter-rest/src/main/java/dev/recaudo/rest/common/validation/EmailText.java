package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.domain.common.EmailAddress;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An e-mail address by the domain's own rule ({@link EmailAddress#isValid}), so the edge and the
 * domain never disagree on what an address is; judged {@link #trimmed} where the service keeps it
 * trimmed. Absent passes unless required. Where a blank text means absent ({@link Text.Blank#ABSENT},
 * the integrations), the address is the text trimmed, as the request keeps it. Where the spec words
 * the whole rule as one sentence, {@link #refused} is that sentence, answered for every refusal,
 * absence included.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = EmailText.Validator.class)
public @interface EmailText {

    /** The public families' one sentence for an address refused. */
    String VALID = "must be a valid e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters";

    boolean required() default false;

    Text.Blank blank() default Text.Blank.REFUSED;

    boolean trimmed() default false;

    String refused() default "";

    String message() default "must be an e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link EmailText}. */
    class Validator extends PresentValueValidator<EmailText, String> {

        @Override
        boolean required() {
            return rule.required();
        }

        @Override
        boolean isAbsent(String value) {
            return value == null || (rule.blank() == Text.Blank.ABSENT && value.isBlank());
        }

        @Override
        String whenAbsent() {
            return rule.refused().isEmpty() ? super.whenAbsent() : rule.refused();
        }

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            boolean trimmed = rule.trimmed() || rule.blank() == Text.Blank.ABSENT;
            if (EmailAddress.isValid(trimmed ? value.trim() : value)) {
                return true;
            }
            if (!rule.refused().isEmpty()) {
                return Violations.refuse(context, rule.refused());
            }
            return false;
        }
    }
}
