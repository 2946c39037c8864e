package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * An absolute {@code https} URL with a host and no user information, of at most {@link #max}
 * characters: where a payer's browser is sent, so nothing else is taken. Absent passes.
 */
@Target(FIELD)
@Retention(RUNTIME)
@Constraint(validatedBy = HttpsUrl.Validator.class)
public @interface HttpsUrl {

    int max();

    String message() default "must be an absolute https URL";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Checks one {@link HttpsUrl}. */
    class Validator extends PresentValueValidator<HttpsUrl, String> {

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            if (value.length() > rule.max()) {
                return Violations.refuse(context, "must have at most " + rule.max() + " characters");
            }
            try {
                URI uri = new URI(value);
                return "https".equalsIgnoreCase(uri.getScheme()) && uri.getHost() != null && uri.getRawUserInfo() == null;
            } catch (URISyntaxException e) {
                return false;
            }
        }
    }
}
