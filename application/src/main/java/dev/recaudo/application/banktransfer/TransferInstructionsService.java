package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.PaymentReferences;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;

public final class TransferInstructionsService implements TransferInstructionsUseCase {

    /**
     * Draws of a fresh serial before giving up. A billion serials make a collision rare while fewer
     * than a few million references exist; five misses in a row mean the space is nearly full.
     */
    static final int ISSUE_ATTEMPTS_MAX = 5;

    private final CheckoutRepository checkouts;
    private final ReceivingAccounts accounts;
    private final PaymentReferences references;
    private final LongSupplier serials;
    private final Clock clock;

    /** @param serials draws a random serial from 0 to {@link PaymentReference#SERIAL_MAX} */
    public TransferInstructionsService(CheckoutRepository checkouts, ReceivingAccounts accounts, PaymentReferences references,
            LongSupplier serials, Clock clock) {
        this.checkouts = checkouts;
        this.accounts = accounts;
        this.references = references;
        this.serials = serials;
        this.clock = clock;
    }

    @Override
    public Optional<TransferInstructions> forCheckout(UUID checkoutId) {
        Optional<Checkout> checkout = checkouts.findForPayer(checkoutId)
                .filter(found -> found.isPending() && !found.scope().isTest());
        if (checkout.isEmpty()) {
            return Optional.empty();
        }
        List<ReceivingAccount> receiving = accounts.active(checkout.get().scope().companyId(), checkout.get().amount().currency());
        if (receiving.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TransferInstructions(receiving, checkout.get().amount(), referenceOf(checkout.get())));
    }

    /** The checkout's reference, issued on first request: random serials, so that one reference does not reveal the next. */
    PaymentReference referenceOf(Checkout checkout) {
        for (int attempt = 0; attempt < ISSUE_ATTEMPTS_MAX; attempt++) {
            Optional<PaymentReference> issued = references.of(checkout.scope(), checkout.id());
            if (issued.isPresent()) {
                return issued.get();
            }
            references.offer(checkout.scope(), checkout.id(), PaymentReference.ofSerial(serials.getAsLong()), clock.instant());
        }
        return references.of(checkout.scope(), checkout.id())
                .orElseThrow(() -> new IllegalStateException("no free payment reference after " + ISSUE_ATTEMPTS_MAX + " draws"));
    }
}
