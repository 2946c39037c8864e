package dev.recaudo.rest.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.FieldErrors;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The decimal major units of the public invoice API against integer minor units, for generated
 * amounts in every currency: exact both ways, refused rather than rounded.
 */
class MajorUnitsPropertyTest {

    private static final long MINOR_MAX = 100_000_000L;

    /** What one parse answered: the money, or the messages collected for the field. */
    private record Parsed(Optional<Money> money, List<String> messages) {}

    private static Parsed parse(BigDecimal amount, CurrencyCode currency) {
        FieldErrors errors = new FieldErrors();
        Optional<Money> money = MajorUnits.parse("amount", amount, currency, errors);
        List<String> messages = new ArrayList<>();
        errors.forEach((field, message) -> {
            assertThat(field).isEqualTo("amount");
            messages.add(message);
        });
        return new Parsed(money, messages);
    }

    @Property(tries = 300)
    void givenAnyMinorAmountInRange_whenWrittenInMajorUnitsAnyWay_thenItParsesBackExactly(
            @ForAll @LongRange(min = 1, max = MINOR_MAX) long minor, @ForAll CurrencyCode currency,
            @ForAll @IntRange(min = 0, max = 6) int trailingZeros) {
        BigDecimal plain = BigDecimal.valueOf(minor, currency.minorUnitDigits());
        for (BigDecimal spelling : List.of(plain, plain.setScale(plain.scale() + trailingZeros), plain.stripTrailingZeros(),
                new BigDecimal(plain.stripTrailingZeros().toString().replace("E+", "e")))) {
            Parsed parsed = parse(spelling, currency);

            assertThat(parsed.messages()).as(spelling.toString()).isEmpty();
            assertThat(parsed.money()).as(spelling.toString()).contains(Money.of(minor, currency));
        }
    }

    @Property(tries = 300)
    void givenAFractionBelowTheMinorUnit_whenParsed_thenRefusedAsNotAMultiple(
            @ForAll @LongRange(min = -MINOR_MAX * 10, max = MINOR_MAX * 10) long minor, @ForAll CurrencyCode currency,
            @ForAll @IntRange(min = 1, max = 9) int lastDigit, @ForAll @IntRange(min = 1, max = 12) int extraDigits) {
        BigInteger unscaled = BigInteger.valueOf(minor).multiply(BigInteger.TEN.pow(extraDigits))
                .add(BigInteger.valueOf(minor < 0 ? -lastDigit : lastDigit));
        BigDecimal amount = new BigDecimal(unscaled, currency.minorUnitDigits() + extraDigits);

        Parsed parsed = parse(amount, currency);

        assertThat(parsed.money()).as(amount.toString()).isEmpty();
        assertThat(parsed.messages()).as(amount.toString()).containsExactly("must be a multiple of 0.01");
    }

    @Property(tries = 300)
    void givenAWholeNumberOfMinorUnitsOutsideTheRange_whenParsed_thenRefusedWithTheRange(
            @ForAll("outsideTheRange") long minor, @ForAll CurrencyCode currency) {
        BigDecimal amount = BigDecimal.valueOf(minor, currency.minorUnitDigits());

        Parsed parsed = parse(amount, currency);

        assertThat(parsed.money()).as(amount.toString()).isEmpty();
        assertThat(parsed.messages()).as(amount.toString()).containsExactly("must be between 0.01 and 1000000");
    }

    /**
     * The property that matters most: whatever decimal arrives (any digits, any exponent), the
     * answer is either a refusal with a message or money worth exactly that decimal.
     */
    @Property(tries = 1000)
    void givenAnyDecimal_whenParsed_thenEitherRefusedWithAMessageOrExactlyItsValue(
            @ForAll("anyDecimal") BigDecimal amount, @ForAll CurrencyCode currency) {
        Parsed parsed = parse(amount, currency);

        assertThat(parsed.money().isPresent()).as(amount.toString()).isNotEqualTo(!parsed.messages().isEmpty());
        parsed.money().ifPresent(money -> {
            assertThat(BigDecimal.valueOf(money.amountMinor(), currency.minorUnitDigits())).as(amount.toString())
                    .isEqualByComparingTo(amount);
            assertThat(money.amountMinor()).isBetween(1L, MINOR_MAX);
            assertThat(money.currency()).isEqualTo(currency);
        });
    }

    @Provide
    Arbitrary<Long> outsideTheRange() {
        return Arbitraries.oneOf(Arbitraries.longs().between(-MINOR_MAX * 1000, 0),
                Arbitraries.longs().between(MINOR_MAX + 1, Long.MAX_VALUE / 10), Arbitraries.of(0L, MINOR_MAX + 1));
    }

    @Provide
    Arbitrary<BigDecimal> anyDecimal() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-1_000), BigInteger.valueOf(MINOR_MAX * 1000)),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Arbitrary<Integer> scale = Arbitraries.oneOf(Arbitraries.integers().between(-12, 12),
                Arbitraries.of(Integer.MIN_VALUE + 1, -999_999_999, 999_999_999, Integer.MAX_VALUE));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }
}
