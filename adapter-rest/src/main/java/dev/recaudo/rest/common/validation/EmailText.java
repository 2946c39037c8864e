package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.recaudo.domain.common.EmailAddress;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An e-mail address by the domain's own rule ({@link EmailAddress#isValid}), so the edge and the
 * domain never disagree on what an address is; judged {@link #trimmed} where the service keeps it
 * trimmed. Absent passes unless required. Where the spec words the whole rule as one sentence,
 * {@link #refused} is that sentence, answered for every refusal, absence included.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = EmailText.Validator.class)
public @interface EmailText {

    /** The public families' one sentence for an address refused. */
    String VALID = "must be a valid e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters";

    boolean required() default false;

    boolean trimmed() default false;

    String refused() default "";

    String message() default "must be an e-mail address of at most " + EmailAddress.LENGTH_MAX + " characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link EmailText}. */
    class Validator implements ConstraintValidator<EmailText, String> {

        private EmailText email;

        @Override
        public void initialize(EmailText annotation) {
            email = annotation;
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) {
                return !email.required() || Violations.refuse(context, email.refused().isEmpty() ? "is required" : email.refused());
            }
            if (EmailAddress.isValid(email.trimmed() ? value.trim() : value)) {
                return true;
            }
            if (!email.refused().isEmpty()) {
                return Violations.refuse(context, email.refused());
            }
            return false;
        }
    }
}
