package dev.recaudo.rest.common.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.lang.annotation.Annotation;

/**
 * What the validators of this package share: the rule comes from the annotation being checked, and
 * an absent value is answered one way for all, valid when the field is optional and otherwise
 * refused with the constraint's wording of "required". A constraint then says only what a present
 * value must be, and no two of them can come to disagree on what absent means.
 */
abstract class PresentValueValidator<A extends Annotation, T> implements ConstraintValidator<A, T> {

    /** The annotation on the field being checked, with the attributes of its rule. */
    A rule;

    @Override
    public void initialize(A annotation) {
        rule = annotation;
    }

    @Override
    public final boolean isValid(T value, ConstraintValidatorContext context) {
        if (isAbsent(value)) {
            return !required() || Violations.refuse(context, whenAbsent());
        }
        return isValidPresent(value, context);
    }

    /** A null value; a constraint may count more as absent (a blank text, for some families). */
    boolean isAbsent(T value) {
        return value == null;
    }

    /** Optional unless the constraint has a {@code required} attribute that says otherwise. */
    boolean required() {
        return false;
    }

    String whenAbsent() {
        return "is required";
    }

    abstract boolean isValidPresent(T value, ConstraintValidatorContext context);
}
