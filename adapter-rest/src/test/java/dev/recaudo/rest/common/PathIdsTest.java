package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ids a partner later names as a path segment (documents, payments, product SKUs) must be readable back by path. */
class PathIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"D/1", "D;1", ".", "..", "D\n1", "D\u00001", "D\t", "\u007f"})
    void givenIdAPathCannotCarry_whenCheckedAsAPathSegment_thenRefusedNamingTheField(String id) {
        FieldErrors errors = new FieldErrors();
        PathIds.requireSegment("sku", id, errors);
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class,
                problem -> assertThat(problem.errors()).containsOnlyKeys("sku"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"D-1", "FAC 0001", "línea:ñ", "a\\b", "...", "v1.2"})
    void givenIdAPathCanCarry_whenCheckedAsAPathSegment_thenAccepted(String id) {
        FieldErrors errors = new FieldErrors();
        PathIds.requireSegment("sku", id, errors);
        assertThat(errors.isEmpty()).isTrue();
    }
}
