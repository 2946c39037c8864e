package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A text of at most {@link #max} characters. The API families word text rules two ways, kept apart
 * by {@link #blank}: the public ones refuse a blank text as too short ("must have 1 to N characters"),
 * the integrations take it as absent ("is required" when required, "must have at most N characters").
 * It may compose a field's own constraint that words every refusal with one message.
 */
@Target({FIELD, ANNOTATION_TYPE})
@Retention(RUNTIME)
@Constraint(validatedBy = Text.Validator.class)
public @interface Text {

    int max();

    boolean required() default false;

    Blank blank() default Blank.REFUSED;

    String message() default "must have 1 to {max} characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** What a blank text (empty or only white space) means. */
    enum Blank { REFUSED, ABSENT }

    /** Checks one {@link Text}. */
    class Validator extends PresentValueValidator<Text, String> {

        @Override
        boolean isAbsent(String value) {
            return value == null || (rule.blank() == Blank.ABSENT && value.isBlank());
        }

        @Override
        boolean required() {
            return rule.required();
        }

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            if (rule.blank() == Blank.ABSENT) {
                return value.length() <= rule.max()
                        || Violations.refuse(context, "must have at most " + rule.max() + " characters");
            }
            return (!value.isBlank() && value.length() <= rule.max())
                    || Violations.refuse(context, "must have 1 to " + rule.max() + " characters");
        }
    }
}
