package dev.recaudo.stripe;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.StripeException;
import dev.recaudo.application.externalpayment.PaymentProcessor;

/** One call to Stripe, its failures turned into the port's: a lost answer, or a refusal that names no Stripe type. */
final class StripeCalls {

    @FunctionalInterface
    interface Call<T> {
        T run() throws StripeException;
    }

    private StripeCalls() {}

    static <T> T call(String what, Call<T> call) {
        try {
            return call.run();
        } catch (ApiConnectionException lost) {
            throw new PaymentProcessor.AnswerLost("Stripe's answer to " + what + " did not arrive: " + lost.getMessage());
        } catch (StripeException failed) {
            throw refused(what, failed);
        }
    }

    static StripeRefused refused(String what, StripeException failed) {
        return new StripeRefused(what, failed.getStatusCode() == null ? 0 : failed.getStatusCode(), failed.getCode(),
                failed.getRequestId());
    }
}
