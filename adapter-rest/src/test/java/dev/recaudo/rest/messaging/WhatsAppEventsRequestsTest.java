package dev.recaudo.rest.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.messaging.WhatsAppEventsRequests.EventsQuery;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WhatsAppEventsRequestsTest {

    private static EventFilter filter(String dateFrom, String dateTo, String recipientPhone) {
        return WhatsAppEventsRequests.read(new EventsQuery(dateFrom, dateTo, recipientPhone, null, null, null, null, null))
                .filter();
    }

    /** {@code dateTo} is inclusive at its own precision: the filter's end is the first instant after the last it names. */
    @ParameterizedTest
    @CsvSource({
        "2026-05-10T12:00:00Z, 2026-05-10T12:00:01Z",
        "2026-05-10T08:00:00-04:00, 2026-05-10T12:00:01Z",
        "2026-05-10T12:00:00.7Z, 2026-05-10T12:00:00.800Z",
        "2026-05-10T12:00:00.75Z, 2026-05-10T12:00:00.760Z",
        "2026-05-10T12:00:00.123456Z, 2026-05-10T12:00:00.123457Z",
        "2026-05-10T12:00:00.1234567Z, 2026-05-10T12:00:00.123457Z",
        "2026-05-10T12:00:00.999999999Z, 2026-05-10T12:00:01Z",
        "9999-12-31T23:59:59Z, +10000-01-01T00:00:00Z"})
    void givenDateTo_whenRead_thenTheEndTakesInTheWholeOfItsLastDigit(String dateTo, String before) {
        assertThat(filter(null, dateTo, null).before()).contains(Instant.parse(before));
    }

    @Test
    void givenDateFrom_whenRead_thenItIsTheInclusiveStartAsWritten() {
        assertThat(filter("2026-05-10T12:00:00.5Z", null, null).from()).contains(Instant.parse("2026-05-10T12:00:00.5Z"));
        assertThat(filter("2026-05-10T12:00:00Z", "2026-05-10T12:00:00Z", null).before())
                .contains(Instant.parse("2026-05-10T12:00:01Z"));
    }

    @Test
    void givenPhonesInAnyFormat_whenRead_thenOnlyTheirDigitsFilter() {
        assertThat(filter(null, null, "+58 (412) 555-12").phoneDigits()).contains("5841255512");
        assertThat(filter(null, null, "584125551234").phoneDigits()).contains("584125551234");
        assertThat(filter(null, null, "+%_").phoneDigits()).contains("");
        assertThat(filter(null, null, "+%_").matchesNothing()).isTrue();
        assertThat(filter(null, null, null).phoneDigits()).isEmpty();
        assertThat(filter(null, null, null).matchesNothing()).isFalse();
    }

    @Test
    void givenDateToBeforeDateFromOrAnOverlongPhone_whenRead_thenOneValidationProblemNamesEach() {
        assertThatThrownBy(() -> filter("2026-05-10T12:00:01Z", "2026-05-10T12:00:00.999Z", "1".repeat(65)))
                .isInstanceOfSatisfying(ApiProblem.class, problem -> assertThat(problem.errors())
                        .containsOnlyKeys("dateTo", "recipientPhone"));
        assertThat(filter("2026-05-10T12:00:00Z", "2026-05-10T12:00:00Z", "1".repeat(64)).phoneDigits())
                .contains("1".repeat(64));
    }
}
