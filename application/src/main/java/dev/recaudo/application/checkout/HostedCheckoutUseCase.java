package dev.recaudo.application.checkout;

import dev.recaudo.domain.money.Money;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Inbound port: the hosted checkout page a payer opens at {@code /pay/{checkoutId}}, for an
 * invoice's checkout or a hosted external payment. The checkout id is the payer's only credential.
 */
public interface HostedCheckoutUseCase {

    /** What the payer sees of the checkout's state. Expiry is not modelled, so there is no expired state. */
    enum PageState {
        PENDING,
        PAID,
        CANCELED,
        FAILED
    }

    /**
     * @param sandboxPayable a test checkout that the sandbox may pay now (pending, sandbox enabled,
     *     its company taking payments)
     * @param onlinePayment whether anything could take this checkout's money: test checkouts (the
     *     sandbox) while their company is enabled and has its financial configuration, live ones
     *     only with a card rail connected for their company that serves their currency
     * @param cardPayable a live checkout a card rail may take now (pending, its company taking payments, a rail serving it)
     */
    record CheckoutPage(UUID checkoutId, String companyName, String title, Optional<String> description, Money amount,
            Optional<LocalDate> dueDate, PageState state, boolean test, boolean sandboxPayable, boolean onlinePayment,
            boolean cardPayable, Optional<String> redirectUrl) {

        public CheckoutPage {
            Objects.requireNonNull(checkoutId, "checkoutId");
            Objects.requireNonNull(companyName, "companyName");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(dueDate, "dueDate");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(redirectUrl, "redirectUrl");
        }
    }

    sealed interface PayResult {
        /** Paid now, or already paid before (a second tab, a double click): either way, paid once. */
        record Paid() implements PayResult {}

        /** Canceled or failed: nothing was paid. */
        record NotPending() implements PayResult {}

        /** A live checkout, the sandbox disabled, or a company that takes no payments: the page offers none. */
        record NotOffered() implements PayResult {}

        record NotFound() implements PayResult {}
    }

    /** What one kind of checkout contributes to the page: invoices' checkouts, hosted external payments. */
    interface CheckoutKind {

        Optional<CheckoutPage> show(UUID checkoutId, boolean sandboxEnabled);

        /** Empty when the id is not a checkout of this kind. */
        Optional<PayResult> payInSandbox(UUID checkoutId);
    }

    Optional<CheckoutPage> show(UUID checkoutId);

    PayResult payInSandbox(UUID checkoutId);
}
