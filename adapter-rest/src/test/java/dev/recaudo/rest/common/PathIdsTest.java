package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ids a partner later names as a path segment (documents, payments, product SKUs) must be readable back by path. */
class PathIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"D/1", "D;1", ".", "..", "D\n1", "D\u00001", "D\t", "\u007f"})
    void givenIdAPathCannotCarry_whenCheckedAsAPathSegment_thenEachBrokenRuleWorded(String id) {
        assertThat(PathIds.segmentProblems(id)).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"D-1", "FAC 0001", "línea:ñ", "a\\b", "...", "v1.2"})
    void givenIdAPathCanCarry_whenCheckedAsAPathSegment_thenAccepted(String id) {
        assertThat(PathIds.segmentProblems(id)).isEmpty();
    }
}
