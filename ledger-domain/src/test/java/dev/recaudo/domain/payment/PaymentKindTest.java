package dev.recaudo.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaymentKindTest {

    private static final UUID ORIGIN = UUID.fromString("3f0e2a8c-6b1d-4c5e-9a7f-0d2b4c6e8a10");

    @Test
    void givenKindsRecaudoNames_whenNamingAPayment_thenReservedPrefixAndOrigin() {
        assertThat(PaymentKind.PROVIDER_SETTLEMENT.externalPaymentIdOf(ORIGIN)).isEqualTo("settlement:" + ORIGIN);
        assertThat(PaymentKind.CHECKOUT.externalPaymentIdOf(ORIGIN)).isEqualTo("checkout:" + ORIGIN);
        assertThat(PaymentKind.isReserved(PaymentKind.CHECKOUT.externalPaymentIdOf(ORIGIN))).isTrue();
    }

    @Test
    void givenVerifiedKind_whenNamingAPayment_thenRefused() {
        assertThatIllegalStateException().isThrownBy(() -> PaymentKind.VERIFIED.externalPaymentIdOf(ORIGIN));
    }

    @ParameterizedTest
    @ValueSource(strings = {"settlement:x", "checkout:x", "external:x", "Checkout:x", "SETTLEMENT:", "external:"})
    void givenReservedPrefixInAnyCase_whenChecked_thenReserved(String externalPaymentId) {
        assertThat(PaymentKind.isReserved(externalPaymentId)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"P-1", "settlement", "my-checkout:1", "checkout-1", "x:checkout:1", ""})
    void givenPartnerIds_whenChecked_thenNotReserved(String externalPaymentId) {
        assertThat(PaymentKind.isReserved(externalPaymentId)).isFalse();
    }
}
