package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.PaymentReference;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.money.Money;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Inbound port of the hosted page: how to pay a checkout by bank transfer, when its company takes transfers. */
public interface TransferInstructionsUseCase {

    /**
     * The accounts of the checkout's company in the checkout's currency, the exact amount and the
     * checkout's reference (issued now if it has none). Empty for a checkout that is not pending, a
     * test checkout (a real bank statement never pays one) or a company without such an account.
     */
    Optional<TransferInstructions> forCheckout(UUID checkoutId);

    record TransferInstructions(List<ReceivingAccount> accounts, Money amount, PaymentReference reference) {}
}
