package dev.recaudo.rest.common.validation;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import jakarta.validation.Validation;
import java.util.List;
import java.util.Map;

/** Runs the constraints of a record as the REST edge does, with the provider's default validator. */
final class Checked {

    private static final RequestValidation VALIDATION =
            new RequestValidation(Validation.buildDefaultValidatorFactory());

    private Checked() {}

    /** The field errors of {@code request}, empty when it is valid. */
    static Map<String, List<String>> errors(Object request) {
        FieldErrors errors = new FieldErrors();
        VALIDATION.check(request, errors);
        try {
            errors.throwIfAny();
            return Map.of();
        } catch (ApiProblem problem) {
            return problem.errors();
        }
    }
}
