package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.validation.AmountMinor;
import dev.recaudo.rest.common.validation.Matches;
import dev.recaudo.rest.common.validation.Text;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Violations are named as the JSON names the field, in record component order and, within a field, in
 * the order its constraints are written, next to hand-written errors.
 */
class RequestValidationTest {

    private final RequestValidation validation = new RequestValidation(Validation.buildDefaultValidatorFactory());

    record Line(@Text(max = 5, required = true) String id, @AmountMinor(min = 1) Long amountMinor) {}

    record Body(@AmountMinor(min = 1) Long amountMinor, @JsonProperty("ref_code") @Text(max = 2) String refCode,
            List<@Valid Line> lines, @Text(max = 3, required = true) String name) {}

    @Test
    void givenNestedAndRenamedFields_whenChecked_thenNamedAsTheJsonInComponentOrder() {
        Body body = new Body(null, "abc", List.of(new Line("ok", 5L), new Line(null, 0L)), null);
        FieldErrors errors = new FieldErrors();
        validation.check(body, errors);
        errors.add("currency", "must be one of USD, VES");
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class, problem ->
                assertThat(problem.getMessage()).isEqualTo("The request is invalid: amountMinor is required; "
                        + "ref_code must have 1 to 2 characters; lines[1].id is required; "
                        + "lines[1].amountMinor must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX + "; name is required; "
                        + "currency must be one of USD, VES"));
    }

    /** Alphabetically, "must match ^[a-z]+$" would come before "must have 1 to 3 characters". */
    record Code(@Text(max = 3) @Matches(regexp = "^[a-z]+$") String code) {}

    @Test
    void givenTwoConstraintsOfOneFieldBroken_whenChecked_thenNamedInTheOrderTheyAreWritten() {
        FieldErrors errors = new FieldErrors();
        validation.check(new Code("ABCD"), errors);
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class, problem ->
                assertThat(problem.getMessage()).isEqualTo("The request is invalid: code must have 1 to 3 characters; "
                        + "code must match ^[a-z]+$"));
    }

    @Test
    void givenValidBody_whenChecked_thenNothingAdded() {
        FieldErrors errors = new FieldErrors();
        validation.check(new Body(1L, "ab", List.of(new Line("x", 1L)), "ann"), errors);
        assertThat(errors.isEmpty()).isTrue();
    }

    @Test
    void givenProblemsReadByHand_whenChecked_thenInTheirFieldsPlaceInsteadOfTheFieldsViolations() {
        FieldErrors read = new FieldErrors().add("name", "must be a string").add("ref_code", "is not a code")
                .add("ref_code", "is too old");
        FieldErrors errors = new FieldErrors().add("colour", "is not an accepted property");
        validation.check(new Body(0L, "abc", List.of(new Line(null, 1L)), null), read, errors);
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class, problem ->
                assertThat(problem.getMessage()).isEqualTo("The request is invalid: colour is not an accepted property; "
                        + "amountMinor must be an integer from 1 to " + Money.AMOUNT_MINOR_MAX + "; "
                        + "ref_code is not a code; ref_code is too old; lines[0].id is required; name must be a string"));
    }

    @Test
    void givenNoBody_whenRequired_thenBodyIsRequired() {
        assertThatThrownBy(() -> RequestValidation.required(null)).isInstanceOfSatisfying(ApiProblem.class, problem ->
                assertThat(problem.errors()).isEqualTo(Map.of("body", List.of("is required"))));
        assertThat(RequestValidation.required("x")).isEqualTo("x");
    }
}
