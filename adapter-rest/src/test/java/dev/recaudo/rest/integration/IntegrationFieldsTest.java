package dev.recaudo.rest.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.FieldErrors;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Field rules of the integrations bodies and queries: dates and date-times in the years 1900 to 9999.
 */
class IntegrationFieldsTest {

    @ParameterizedTest
    @ValueSource(strings = {"1900-01-01T00:00:00Z", "2026-11-22T06:00:00-04:00", "9999-12-31T23:59:59.999999Z",
        "1900-01-01T05:00:00+05:00", "9999-12-31T20:00:00-03:59"})
    void givenDateTimeWithinTheRange_whenRead_thenItsInstant(String text) {
        FieldErrors errors = new FieldErrors();
        assertThat(IntegrationFields.dateTime("verifiedAt", text, true, errors)).isPresent();
        assertThat(errors.isEmpty()).isTrue();
        assertThat(IntegrationFields.queryDateTime("updatedSince", text)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"+999999999-12-31T23:59:59Z", "-1000-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
        "1899-12-31T23:59:59.999999Z", "10000-01-01T00:00:00Z", "9999-12-31T23:00:00-05:00", "1900-01-01T00:00:00+00:01",
        "2026-02-30T00:00:00Z", "2026-11-22T10:00:00"})
    void givenDateTimeOutsideTheRangeOrNotOne_whenRead_thenRefusedNamingTheFieldAndTheRange(String text) {
        FieldErrors errors = new FieldErrors();
        assertThat(IntegrationFields.dateTime("verifiedAt", text, true, errors)).isEmpty();
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(
                problem.errors()).containsOnlyKeys("verifiedAt").hasEntrySatisfying("verifiedAt", messages -> assertThat(
                        messages).singleElement().asString().contains("from 1900-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z")));
        assertThatThrownBy(() -> IntegrationFields.queryDateTime("updatedSince", text)).isInstanceOfSatisfying(
                ApiProblem.class, problem -> assertThat(problem.errors()).containsOnlyKeys("updatedSince"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1900-01-01", "2026-11-20", "9999-12-31"})
    void givenDateWithinTheRange_whenRead_thenTheDate(String text) {
        FieldErrors errors = new FieldErrors();
        assertThat(IntegrationFields.date("effectiveDate", text, errors)).hasValue(LocalDate.parse(text));
        assertThat(errors.isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"+999999999-11-20", "0000-01-01", "-0001-01-01", "1899-12-31", "+10000-01-01", "2026-13-01"})
    void givenDateOutsideTheRange_whenRead_thenRefusedNamingTheFieldAndTheRange(String text) {
        FieldErrors errors = new FieldErrors();
        assertThat(IntegrationFields.date("effectiveDate", text, errors)).isEmpty();
        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(
                problem.errors()).containsOnlyKeys("effectiveDate").hasEntrySatisfying("effectiveDate", messages -> assertThat(
                        messages).singleElement().asString().contains("from 1900-01-01 to 9999-12-31")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1900-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"})
    void givenTheEdgesOfTheRange_whenChecked_thenInside(String text) {
        assertThat(DateRange.contains(Instant.parse(text))).isTrue();
    }
}
