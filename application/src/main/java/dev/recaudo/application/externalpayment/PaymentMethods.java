package dev.recaudo.application.externalpayment;

import dev.recaudo.application.externalpayment.ExternalPaymentsUseCase.CreatePayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The payment-method token of a direct payment: the processor's token of the payer's card
 * ({@code pm_...}), never the card itself. A live direct payment needs one; a test one ignores it.
 */
final class PaymentMethods {

    /**
     * A run of digits, possibly grouped by spaces or dashes, anywhere in the value: 13 digits or more
     * look like a card number (13 to 19), and no token of a processor has such a run.
     */
    private static final Pattern DIGITS_RUN = Pattern.compile("\\d[\\d -]{11,}\\d");

    private PaymentMethods() {}

    /** Why the command's payment method is refused, if it is. */
    static Optional<String> refusal(CreatePayment command) {
        Optional<String> method = command.paymentMethod();
        if (method.isPresent() && looksLikeCardNumber(method.get())) {
            return Optional.of("must be the processor's payment-method token (pm_...), never a card number");
        }
        if (command.mode() == ExternalPaymentMode.DIRECT && !command.scope().isTest()
                && method.filter(value -> !value.isBlank()).isEmpty()) {
            return Optional.of("is required for a live direct payment: the processor's payment-method token (pm_...)");
        }
        return Optional.empty();
    }

    /** The token kept with the pending payment: a live direct payment's only. */
    static Optional<String> kept(CreatePayment command) {
        return command.mode() == ExternalPaymentMode.DIRECT && !command.scope().isTest()
                ? command.paymentMethod().map(String::strip) : Optional.empty();
    }

    static boolean looksLikeCardNumber(String value) {
        var run = DIGITS_RUN.matcher(value);
        while (run.find()) {
            String digits = run.group().replaceAll("[ -]", "");
            if (digits.length() >= 13) {
                return true;
            }
        }
        return false;
    }
}
