package dev.recaudo.rest.page;

import dev.recaudo.application.banktransfer.TransferInstructionsUseCase.TransferInstructions;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * What the page's "pay by transfer" section shows, in the payer's language: each account, the
 * exact amount formatted like the page's, the reference the payer must type, the payer's open
 * reports and the report form (its amount prefilled exact, its date bounded like the service's).
 */
public record TransferSection(List<Account> accounts, String amount, String reference, List<Reported> reports,
        String reportAction, String plainAmount, String today, String earliest) {

    /** One account as shown: {@code phone} says whether {@code destination} is a phone (instant payments). */
    public record Account(String bank, String destination, boolean phone, String holder) {

        static Account of(ReceivingAccount account) {
            return new Account(account.bank(), account.destination(), account.phone().isPresent(), account.holder());
        }
    }

    /** One open report as the payer sees it back. */
    public record Reported(String bank, String reference, String date, String amount) {}

    static TransferSection of(TransferInstructions instructions, List<PayerReport> reports, String reportAction, LocalDate today,
            int ageMaxDays, PageTexts texts) {
        List<Reported> shown = reports.stream().map(report -> new Reported(report.bank(), report.bankReference(),
                texts.date(report.paidOn()), texts.amount(report.amount()))).toList();
        return new TransferSection(instructions.accounts().stream().map(Account::of).toList(),
                texts.amount(instructions.amount()), instructions.reference().value(), shown, reportAction,
                plain(instructions.amount()), today.toString(), today.minusDays(ageMaxDays).toString());
    }

    /** The amount as the form takes it back: major units, a dot, no grouping. */
    static String plain(Money amount) {
        return BigDecimal.valueOf(amount.amountMinor(), amount.currency().minorUnitDigits()).toPlainString();
    }

    /** The section's words; Spanish unless the page is in English. */
    public record Texts(String heading, String instructions, String referenceLabel, String amountLabel, String bankLabel,
            String accountLabel, String phoneLabel, String holderLabel, Report report) {

        static final Texts SPANISH = new Texts("Pagar por transferencia",
                "Transfiere el monto exacto a una de estas cuentas y escribe la referencia en el concepto o descripción."
                        + " El pago se confirma cuando el banco lo informa.",
                "Referencia", "Monto exacto", "Banco", "Cuenta", "Teléfono", "Titular", Report.SPANISH);

        static final Texts ENGLISH = new Texts("Pay by bank transfer",
                "Transfer the exact amount to one of these accounts and type the reference in the transfer's description."
                        + " The payment is confirmed once the bank reports it.",
                "Reference", "Exact amount", "Bank", "Account", "Phone", "Holder", Report.ENGLISH);

        static Texts of(PageTexts texts) {
            return texts == PageTexts.ENGLISH ? ENGLISH : SPANISH;
        }
    }

    /** The payer report's words: the form, what the payer sees back, and its refusals. */
    public record Report(String heading, String intro, String bank, String phone, String reference, String date, String amount,
            String submit, String received, String invalidTitle, String invalid, String tooMany, String rateLimited) {

        static final Report SPANISH = new Report("¿Pagaste con Pago Móvil?",
                "Si tu banco no permite escribir la referencia, cuéntanos el pago. No es un pago por sí mismo:"
                        + " lo confirmamos cuando el banco lo muestre.",
                "Banco desde el que pagaste", "Teléfono desde el que pagaste", "Referencia del banco", "Fecha del pago",
                "Monto pagado", "Informar el pago",
                "Recibimos tu reporte; lo confirmamos cuando el banco muestre el pago.",
                "Revisa el reporte", "Revisa el campo «%s»: %s.",
                "Este pago ya tiene los reportes abiertos que admite, o esta referencia ya fue reportada.",
                "Demasiados reportes para este pago. Intenta de nuevo más tarde.");

        static final Report ENGLISH = new Report("Paid by instant payment?",
                "If your bank does not let you type the reference, tell us about the payment. It is not a payment by itself:"
                        + " we confirm it once the bank shows it.",
                "Bank you paid from", "Phone you paid from", "Bank reference", "Date of payment", "Amount paid",
                "Report the payment",
                "We received your report; we confirm it once the bank shows the payment.",
                "Check the report", "Check the field “%s”: %s.",
                "This payment already has the open reports it may have, or this reference was reported already.",
                "Too many reports for this payment. Try again later.");

        /** The form's label of a field the service named. */
        String label(String field) {
            return switch (field) {
                case "bank" -> bank;
                case "phone" -> phone;
                case "reference" -> reference;
                case "date" -> date;
                default -> amount;
            };
        }
    }
}
