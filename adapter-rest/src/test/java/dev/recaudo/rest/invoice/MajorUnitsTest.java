package dev.recaudo.rest.invoice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.ApiProblem;
import dev.recaudo.rest.common.FieldErrors;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The public invoice API's decimal amounts, converted to minor units exactly or refused with the spec's messages. */
class MajorUnitsTest {

    private static final String MULTIPLE = "must be a multiple of 0.01";
    private static final String RANGE = "must be between 0.01 and 1000000";

    private static Optional<Money> parse(String amount, FieldErrors errors) {
        return MajorUnits.parse("amount", new BigDecimal(amount), CurrencyCode.USD, errors);
    }

    private static long minorUnits(String amount) {
        FieldErrors errors = new FieldErrors();
        Money money = parse(amount, errors).orElseThrow(() -> new AssertionError(amount + " was refused"));
        assertThat(errors.isEmpty()).isTrue();
        assertThat(money.currency()).isEqualTo(CurrencyCode.USD);
        return money.amountMinor();
    }

    private static void assertRefused(String amount, String message) {
        FieldErrors errors = new FieldErrors();

        assertThat(parse(amount, errors)).as(amount).isEmpty();

        assertThatThrownBy(errors::throwIfAny).as(amount).isInstanceOfSatisfying(ApiProblem.class,
                problem -> assertThat(problem.errors()).containsExactlyEntriesOf(Map.of("amount", List.of(message))));
    }

    @Test
    void givenEverySpellingOfAnAmount_whenParsed_thenItsExactMinorUnits() {
        assertThat(minorUnits("20")).isEqualTo(20_00);
        assertThat(minorUnits("20.0")).isEqualTo(20_00);
        assertThat(minorUnits("20.000")).isEqualTo(20_00);
        assertThat(minorUnits("2E+1")).isEqualTo(20_00);
        assertThat(minorUnits("20.5")).isEqualTo(20_50);
        assertThat(minorUnits("0.1")).isEqualTo(10);
        assertThat(minorUnits("1234.56")).isEqualTo(1234_56);
    }

    @Test
    void givenTheEdgesOfTheRange_whenParsed_thenBothAreAccepted() {
        assertThat(minorUnits("0.01")).isEqualTo(1);
        assertThat(minorUnits("1000000")).isEqualTo(100_000_000);
        assertThat(minorUnits("1E+6")).isEqualTo(100_000_000);
    }

    @Test
    void givenAFractionOfACent_whenParsed_thenRefusedAsNotAMultipleOfACent() {
        for (String amount : List.of("0.001", "20.005", "19.999", "1E-3")) {
            assertRefused(amount, MULTIPLE);
        }
    }

    @Test
    void givenAnAmountOutsideTheRange_whenParsed_thenRefusedWithTheRange() {
        for (String amount : List.of("0", "0.00", "-0.01", "-20", "1000000.01", "1E+7")) {
            assertRefused(amount, RANGE);
        }
    }

    @Test
    void givenAFractionOfACentOutsideTheRange_whenParsed_thenOnlyTheFirstProblemIsReported() {
        assertRefused("0.001", MULTIPLE);
        assertRefused("1000000.001", MULTIPLE);
    }

    @Test
    void givenHugeExponents_whenParsed_thenRefusedFastWithoutExpandingThem() {
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            assertRefused("1E+999999999", RANGE);
            assertRefused("1E-999999999", MULTIPLE);
        });
    }

    @Test
    void givenErrorsOfOtherFields_whenAnAmountIsRefused_thenItsMessageJoinsThemUnderItsOwnField() {
        FieldErrors errors = new FieldErrors().add("name", "is required");

        MajorUnits.parse("amount", new BigDecimal("0.001"), CurrencyCode.VES, errors);

        assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(ApiProblem.class,
                problem -> assertThat(problem.errors()).containsOnlyKeys("name", "amount"));
    }
}
