package dev.recaudo.rest.common.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * UUIDs, https URLs, patterns, e-mail addresses and path segments, each worded as the spec answers it;
 * an e-mail address where a blank text means absent is read trimmed.
 */
class ShapeConstraintsTest {

    record Shapes(@Uuid String id, @HttpsUrl(max = 30) String url, @Matches(regexp = "^\\+[1-9][0-9]{7,14}$") String phone,
            @EmailText String email, @PathSegment String sku) {}

    @Test
    void givenEveryFieldAbsent_whenChecked_thenAccepted() {
        assertThat(Checked.errors(new Shapes(null, null, null, null, null))).isEmpty();
    }

    @Test
    void givenWellShapedFields_whenChecked_thenAccepted() {
        assertThat(Checked.errors(new Shapes("0F8FAD5B-D9CB-469F-A165-70867728950E", "https://shop.example/ok",
                "+584121234567", "ana@example.com", "SKU-1"))).isEmpty();
    }

    @Test
    void givenMisshapenFields_whenChecked_thenEachRefusedWithTheSpecsWords() {
        assertThat(Checked.errors(new Shapes("0f8fad5b", "http://shop.example/", "0412", "ana", "a/b;\n"))).isEqualTo(Map.of(
                "id", List.of("must be a UUID"),
                "url", List.of("must be an absolute https URL"),
                "phone", List.of("must match ^\\+[1-9][0-9]{7,14}$"),
                "email", List.of("must be an e-mail address of at most 200 characters"),
                "sku", List.of("must not contain '/' or ';' (it is used in paths)",
                        "must not contain control characters (U+0000 to U+001F, U+007F): it is used in paths")));
    }

    record Contact(@EmailText(blank = Text.Blank.ABSENT) String email, @EmailText(required = true) String required) {}

    @Test
    void givenBlankMeansAbsent_whenChecked_thenABlankAddressPassesAndAPaddedOneIsReadTrimmed() {
        assertThat(Checked.errors(new Contact("  ", "ana@example.com"))).isEmpty();
        assertThat(Checked.errors(new Contact(" ana@example.com ", "ana@example.com"))).isEmpty();
        assertThat(Checked.errors(new Contact(" ana@ ", null))).isEqualTo(Map.of(
                "email", List.of("must be an e-mail address of at most 200 characters"),
                "required", List.of("is required")));
        assertThat(Checked.errors(new Contact(null, " ana@example.com "))).containsOnlyKeys("required");
    }

    @Test
    void givenUrlsNotForABrowser_whenChecked_thenRefused() {
        assertThat(Checked.errors(new Shapes(null, "https://user@shop.example/", null, null, "..")).keySet())
                .containsExactlyInAnyOrder("url", "sku");
        assertThat(Checked.errors(new Shapes(null, "https:///path-only", null, null, null))).containsOnlyKeys("url");
        assertThat(Checked.errors(new Shapes(null, "https://shop.example/" + "a".repeat(10), null, null, null)))
                .isEqualTo(Map.of("url", List.of("must have at most 30 characters")));
    }

    record Addresses(@EmailText(trimmed = true, required = true, refused = EmailText.VALID) String admin,
            @EmailText(refused = EmailText.VALID) String payer) {}

    @Test
    void givenAddressesJudgedTrimmedOrInOneSentence_whenChecked_thenThatSentenceForEveryRefusal() {
        assertThat(Checked.errors(new Addresses(" ana@example.com ", "ana@example.com"))).isEmpty();
        assertThat(Checked.errors(new Addresses(null, " ana@example.com "))).isEqualTo(Map.of(
                "admin", List.of("must be a valid e-mail address of at most 200 characters"),
                "payer", List.of("must be a valid e-mail address of at most 200 characters")));
    }
}
