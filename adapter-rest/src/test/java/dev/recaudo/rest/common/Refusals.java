package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** What the request classes answer to a body they refuse, for tests that read its fields and summary. */
public final class Refusals {

    private Refusals() {}

    /** The problem the reading answers; a body it accepts fails the test. */
    public static ApiProblem refusal(ThrowingCallable reading) {
        ApiProblem problem = catchThrowableOfType(ApiProblem.class, reading);
        assertThat(problem).as("the problem answered").isNotNull();
        return problem;
    }
}
