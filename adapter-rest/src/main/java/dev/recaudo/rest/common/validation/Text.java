package dev.recaudo.rest.common.validation;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.regex.Pattern;

/**
 * A text of {@link #min} to {@link #max} characters. The API families word text rules two ways, kept
 * apart by {@link #blank}: the public ones refuse a blank text as too short ("must have 1 to N
 * characters"), the integrations take it as absent ("is required" when required, "must have at most
 * N characters"). A text the service keeps trimmed is measured {@link #trimmed}; a text of the right
 * length may also have to match {@link #pattern} as a whole ("must match" and the expression). Where
 * the spec words a field's whole rule as one sentence, {@link #refused} is that sentence, answered for
 * every refusal, absence included. It may also compose a field's own constraint that words every
 * refusal with one message.
 */
@Target({FIELD, ANNOTATION_TYPE})
@Retention(RUNTIME)
@Constraint(validatedBy = Text.Validator.class)
public @interface Text {

    int min() default 1;

    int max();

    boolean required() default false;

    Blank blank() default Blank.REFUSED;

    boolean trimmed() default false;

    String pattern() default "";

    String refused() default "";

    String message() default "must have {min} to {max} characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** What a blank text (empty or only white space) means. */
    enum Blank { REFUSED, ABSENT }

    /** Checks one {@link Text}. */
    class Validator extends PresentValueValidator<Text, String> {

        private Pattern pattern;

        @Override
        public void initialize(Text annotation) {
            super.initialize(annotation);
            pattern = annotation.pattern().isEmpty() ? null : Pattern.compile(annotation.pattern());
        }

        @Override
        boolean isAbsent(String value) {
            return value == null || (rule.blank() == Blank.ABSENT && value.isBlank());
        }

        @Override
        boolean required() {
            return rule.required();
        }

        @Override
        String whenAbsent() {
            return rule.refused().isEmpty() ? super.whenAbsent() : rule.refused();
        }

        @Override
        boolean isValidPresent(String value, ConstraintValidatorContext context) {
            String measured = rule.trimmed() ? value.trim() : value;
            if (rule.blank() == Blank.ABSENT) {
                return measured.length() <= rule.max() || refuse(context, "must have at most " + rule.max() + " characters");
            }
            if (measured.isBlank() || measured.length() < rule.min() || measured.length() > rule.max()) {
                return refuse(context, "must have " + rule.min() + " to " + rule.max() + " characters");
            }
            return pattern == null || pattern.matcher(measured).matches() || refuse(context, "must match " + rule.pattern());
        }

        private boolean refuse(ConstraintValidatorContext context, String message) {
            return Violations.refuse(context, rule.refused().isEmpty() ? message : rule.refused());
        }
    }
}
