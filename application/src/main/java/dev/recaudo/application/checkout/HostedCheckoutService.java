package dev.recaudo.application.checkout;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The hosted page over every kind of checkout; the first kind that knows the id answers. */
public final class HostedCheckoutService implements HostedCheckoutUseCase {

    private final List<CheckoutKind> kinds;
    private final boolean sandboxEnabled;

    public HostedCheckoutService(List<CheckoutKind> kinds, boolean sandboxEnabled) {
        this.kinds = List.copyOf(kinds);
        this.sandboxEnabled = sandboxEnabled;
    }

    @Override
    public Optional<CheckoutPage> show(UUID checkoutId) {
        return kinds.stream().flatMap(kind -> kind.show(checkoutId, sandboxEnabled).stream()).findFirst();
    }

    @Override
    public PayResult payInSandbox(UUID checkoutId) {
        Optional<CheckoutPage> page = show(checkoutId);
        if (page.isEmpty()) {
            return new PayResult.NotFound();
        }
        if (!page.get().test() || !sandboxEnabled || !page.get().onlinePayment()) {
            // A live checkout, the sandbox off, or a company that takes no payments (disabled, or
            // without its financial configuration): the checks the sandbox controls make.
            return new PayResult.NotOffered();
        }
        return kinds.stream().flatMap(kind -> kind.payInSandbox(checkoutId).stream()).findFirst()
                .orElseGet(PayResult.NotFound::new);
    }
}
