package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.PayerReport;
import java.util.List;
import java.util.UUID;

/**
 * Inbound port of the hosted page: the payer reports a transfer their bank could not label with the
 * reference (Pago Móvil and similar). A report is a claim the statement import matches, never a
 * payment by itself.
 */
public interface PayerReportsUseCase {

    /** The oldest day a payer may report, counted back from today (UTC). */
    int AGE_MAX_DAYS = 30;

    /** The form as posted, unparsed; {@code amount} in major units with a dot ({@code 20.00}), {@code date} as ISO-8601. */
    record Form(String bank, String phone, String reference, String date, String amount) {}

    sealed interface Result {
        record Reported(PayerReport report) implements Result {}

        /** No such checkout, or one its page does not offer transfers for (not pending, test, no account). */
        record NotOffered() implements Result {}

        /** {@code field} is missing or malformed; {@code problem} says how, in English. */
        record Invalid(String field, String problem) implements Result {}

        /** The checkout already has the open reports it may have, or this reference is reported already. */
        record TooMany() implements Result {}

        /** Too many reports for this checkout lately. */
        record RateLimited(long retryAfterSeconds) implements Result {}
    }

    Result report(UUID checkoutId, Form form);

    /** The checkout's open reports, for its page. */
    List<PayerReport> open(UUID checkoutId);
}
