package dev.recaudo.domain.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class PaymentReferenceTest {

    @Provide
    Arbitrary<Long> serials() {
        return Arbitraries.longs().between(0, PaymentReference.SERIAL_MAX);
    }

    @Property
    void everyIssuedReferenceParsesBackToItself(@ForAll("serials") long serial) {
        PaymentReference reference = PaymentReference.ofSerial(serial);
        assertThat(reference.value()).hasSize(13).startsWith("RC");
        assertThat(PaymentReference.parse(reference.value())).contains(reference);
        assertThat(PaymentReference.parse(reference.value().toLowerCase())).contains(reference);
    }

    @Property
    void aSingleMistypedDigitIsAlwaysDetected(@ForAll("serials") long serial, @ForAll @IntRange(min = 2, max = 12) int position,
            @ForAll @IntRange(min = 1, max = 9) int shift) {
        String value = PaymentReference.ofSerial(serial).value();
        char typo = (char) ('0' + (value.charAt(position) - '0' + shift) % 10);
        String mistyped = value.substring(0, position) + typo + value.substring(position + 1);
        assertThat(PaymentReference.parse(mistyped)).isEmpty();
    }

    @Property
    void aSwapOfTwoAdjacentDifferentDigitsIsAlwaysDetected(@ForAll("serials") long serial,
            @ForAll @IntRange(min = 2, max = 11) int position) {
        String value = PaymentReference.ofSerial(serial).value();
        char a = value.charAt(position);
        char b = value.charAt(position + 1);
        String swapped = value.substring(0, position) + b + a + value.substring(position + 2);
        if (a != b) {
            assertThat(PaymentReference.parse(swapped)).isEmpty();
        } else {
            assertThat(swapped).isEqualTo(value);
        }
    }

    @Property
    void separatorsTypedByPayersAreIgnored(@ForAll @LongRange(min = 0, max = 999_999_999L) long serial) {
        PaymentReference reference = PaymentReference.ofSerial(serial);
        String v = reference.value();
        String spaced = "rc " + v.substring(2, 5) + " " + v.substring(5, 8) + "-" + v.substring(8, 11) + "." + v.substring(11);
        assertThat(PaymentReference.parse(spaced)).contains(reference);
        assertThat(PaymentReference.findIn("Pago factura 17 ref " + spaced + " gracias")).contains(reference);
    }

    @Test
    void theCheckDigitsAreIso7064Mod9710() {
        // 123456789 followed by 00 is 12345678900; 12345678900 mod 97 = 20 and 98 - 20 = 78.
        assertThat(PaymentReference.ofSerial(123_456_789L).value()).isEqualTo("RC12345678978");
        assertThat(PaymentReference.ofSerial(0).value()).isEqualTo("RC00000000098");
    }

    @Test
    void aFreeTextWithAMistypedReference_yieldsACandidateWithoutAReference() {
        assertThat(PaymentReference.candidatesIn("pago RC12345678943 marzo"))
                .singleElement().satisfies(candidate -> {
                    assertThat(candidate.text()).isEqualTo("RC12345678943");
                    assertThat(candidate.reference()).isEmpty();
                });
        assertThat(PaymentReference.findIn("pago RC12345678943 marzo")).isEmpty();
        assertThat(PaymentReference.findIn("XRC12345678978")).isEmpty();
        assertThat(PaymentReference.findIn("RC123456789785")).isEmpty();
        assertThat(PaymentReference.findIn(null)).isEmpty();
    }

    @Test
    void anInvalidValueOrSerialIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new PaymentReference("RC12345678943"));
        assertThatIllegalArgumentException().isThrownBy(() -> PaymentReference.ofSerial(1_000_000_000L));
        assertThatIllegalArgumentException().isThrownBy(() -> PaymentReference.ofSerial(-1));
    }
}
