package dev.recaudo.rest.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.rest.common.validation.Text.Blank;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Both wordings of the text rule, as the public families and the integrations answer them. */
class TextTest {

    record Public(@Text(max = 3, required = true) String name, @Text(max = 3) String note) {}

    record Integration(@Text(max = 3, required = true, blank = Blank.ABSENT) String id,
            @Text(max = 3, blank = Blank.ABSENT) String note) {}

    @Test
    void givenPublicTexts_whenAbsentBlankOrLong_thenRequiredOrOneToMax() {
        assertThat(Checked.errors(new Public(null, null))).isEqualTo(Map.of("name", List.of("is required")));
        assertThat(Checked.errors(new Public(" ", "abcd"))).isEqualTo(Map.of(
                "name", List.of("must have 1 to 3 characters"), "note", List.of("must have 1 to 3 characters")));
        assertThat(Checked.errors(new Public("abc", "a"))).isEmpty();
    }

    @Test
    void givenIntegrationTexts_whenBlankOrLong_thenBlankIsAbsentAndLongIsAtMost() {
        assertThat(Checked.errors(new Integration(" ", " "))).isEqualTo(Map.of("id", List.of("is required")));
        assertThat(Checked.errors(new Integration("abcd", "abcd"))).isEqualTo(Map.of(
                "id", List.of("must have at most 3 characters"), "note", List.of("must have at most 3 characters")));
        assertThat(Checked.errors(new Integration("abc", null))).isEmpty();
    }

    record Spelled(@Text(min = 2, max = 4, trimmed = true) String name, @Text(max = 4, pattern = "^[0-9]+$") String digits,
            @Text(max = 3, required = true, refused = "is one sentence") String code) {}

    @Test
    void givenMinTrimmedPatternAndRefused_whenChecked_thenEachWordedItsWay() {
        assertThat(Checked.errors(new Spelled(" a ", "12a", null))).isEqualTo(Map.of("name", List.of("must have 2 to 4 characters"),
                "digits", List.of("must match ^[0-9]+$"), "code", List.of("is one sentence")));
        assertThat(Checked.errors(new Spelled("  abcd  ", "12345", " "))).isEqualTo(Map.of(
                "digits", List.of("must have 1 to 4 characters"), "code", List.of("is one sentence")));
        assertThat(Checked.errors(new Spelled(null, "1234", "abc"))).isEmpty();
    }
}
