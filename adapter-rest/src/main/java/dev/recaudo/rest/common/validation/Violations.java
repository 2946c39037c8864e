package dev.recaudo.rest.common.validation;

import jakarta.validation.ConstraintValidatorContext;

/** Reports a message worded in code as literal text: braces, dollars and backslashes are escaped for the interpolator. */
final class Violations {

    private Violations() {}

    /** Replaces the constraint's default message with {@code message}; answers false, the value being invalid. */
    static boolean refuse(ConstraintValidatorContext context, String message) {
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(message.replaceAll("([\\\\{}$])", "\\\\$1")).addConstraintViolation();
        return false;
    }
}
