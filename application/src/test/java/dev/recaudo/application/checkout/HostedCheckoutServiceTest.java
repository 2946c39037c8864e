package dev.recaudo.application.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutKind;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.CheckoutPage;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PageState;
import dev.recaudo.application.checkout.HostedCheckoutUseCase.PayResult;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which kind answers the page, and when the sandbox may pay it at all. */
class HostedCheckoutServiceTest {

    /** One checkout of a kind, recording the ids it was asked to pay. */
    private static final class OneCheckout implements CheckoutKind {
        private final UUID id;
        private final boolean test;
        private final boolean companyTakesPayments;
        private final List<UUID> paid = new ArrayList<>();

        OneCheckout(UUID id, boolean test) {
            this(id, test, true);
        }

        OneCheckout(UUID id, boolean test, boolean companyTakesPayments) {
            this.id = id;
            this.test = test;
            this.companyTakesPayments = companyTakesPayments;
        }

        @Override
        public Optional<CheckoutPage> show(UUID checkoutId, boolean sandboxEnabled) {
            boolean online = test && companyTakesPayments;
            return Optional.of(checkoutId).filter(id::equals).map(known -> new CheckoutPage(known, "Acme", "Factura 1",
                    Optional.empty(), Money.of(1000, CurrencyCode.USD), Optional.empty(), PageState.PENDING, test,
                    online && sandboxEnabled, online, false, Optional.empty()));
        }

        @Override
        public Optional<PayResult> payInSandbox(UUID checkoutId) {
            if (!id.equals(checkoutId)) {
                return Optional.empty();
            }
            paid.add(checkoutId);
            return Optional.of(new PayResult.Paid());
        }
    }

    @Test
    void givenIdOfTheSecondKind_whenShownAndPaid_thenThatKindAnswersAndPays() {
        OneCheckout invoices = new OneCheckout(UUID.randomUUID(), true);
        OneCheckout external = new OneCheckout(UUID.randomUUID(), true);
        HostedCheckoutService service = new HostedCheckoutService(List.of(invoices, external), true);
        assertThat(service.show(external.id)).map(CheckoutPage::checkoutId).hasValue(external.id);
        assertThat(service.payInSandbox(external.id)).isInstanceOf(PayResult.Paid.class);
        assertThat(external.paid).containsExactly(external.id);
        assertThat(invoices.paid).isEmpty();
    }

    @Test
    void givenUnknownId_whenPaid_thenNotFoundAndNothingPaid() {
        OneCheckout invoices = new OneCheckout(UUID.randomUUID(), true);
        HostedCheckoutService service = new HostedCheckoutService(List.of(invoices), true);
        assertThat(service.show(UUID.randomUUID())).isEmpty();
        assertThat(service.payInSandbox(UUID.randomUUID())).isInstanceOf(PayResult.NotFound.class);
        assertThat(invoices.paid).isEmpty();
    }

    @Test
    void givenLiveCheckout_whenPaidInSandbox_thenNotOfferedAndTheKindNeverAsked() {
        OneCheckout live = new OneCheckout(UUID.randomUUID(), false);
        HostedCheckoutService service = new HostedCheckoutService(List.of(live), true);
        assertThat(service.show(live.id).orElseThrow().sandboxPayable()).isFalse();
        assertThat(service.payInSandbox(live.id)).isInstanceOf(PayResult.NotOffered.class);
        assertThat(live.paid).isEmpty();
    }

    @Test
    void givenSandboxDisabled_whenATestCheckoutIsPaid_thenNotOfferedAndTheKindNeverAsked() {
        OneCheckout test = new OneCheckout(UUID.randomUUID(), true);
        HostedCheckoutService service = new HostedCheckoutService(List.of(test), false);
        assertThat(service.show(test.id).orElseThrow().sandboxPayable()).isFalse();
        assertThat(service.payInSandbox(test.id)).isInstanceOf(PayResult.NotOffered.class);
        assertThat(test.paid).isEmpty();
    }

    /** Issue 21, item 6: a disabled company's test checkout (or one without configuration) is not paid from its page. */
    @Test
    void givenTestCheckoutOfACompanyTakingNoPayments_whenPaidInSandbox_thenNotOfferedAndTheKindNeverAsked() {
        OneCheckout closed = new OneCheckout(UUID.randomUUID(), true, false);
        HostedCheckoutService service = new HostedCheckoutService(List.of(closed), true);
        assertThat(service.show(closed.id).orElseThrow().sandboxPayable()).isFalse();
        assertThat(service.payInSandbox(closed.id)).isInstanceOf(PayResult.NotOffered.class);
        assertThat(closed.paid).isEmpty();
    }
}
