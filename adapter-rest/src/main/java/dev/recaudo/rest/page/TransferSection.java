package dev.recaudo.rest.page;

import dev.recaudo.application.banktransfer.TransferInstructionsUseCase.TransferInstructions;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import java.util.List;

/**
 * What the page's "pay by transfer" section shows, in the payer's language: each account, the
 * exact amount formatted like the page's, and the reference the payer must type.
 */
public record TransferSection(List<Account> accounts, String amount, String reference) {

    /** One account as shown: {@code phone} says whether {@code destination} is a phone (instant payments). */
    public record Account(String bank, String destination, boolean phone, String holder) {

        static Account of(ReceivingAccount account) {
            return new Account(account.bank(), account.destination(), account.phone().isPresent(), account.holder());
        }
    }

    static TransferSection of(TransferInstructions instructions, PageTexts texts) {
        return new TransferSection(instructions.accounts().stream().map(Account::of).toList(),
                texts.amount(instructions.amount()), instructions.reference().value());
    }

    /** The section's words; Spanish unless the page is in English. */
    public record Texts(String heading, String instructions, String referenceLabel, String amountLabel, String bankLabel,
            String accountLabel, String phoneLabel, String holderLabel) {

        static final Texts SPANISH = new Texts("Pagar por transferencia",
                "Transfiere el monto exacto a una de estas cuentas y escribe la referencia en el concepto o descripción."
                        + " El pago se confirma cuando el banco lo informa.",
                "Referencia", "Monto exacto", "Banco", "Cuenta", "Teléfono", "Titular");

        static final Texts ENGLISH = new Texts("Pay by bank transfer",
                "Transfer the exact amount to one of these accounts and type the reference in the transfer's description."
                        + " The payment is confirmed once the bank reports it.",
                "Reference", "Exact amount", "Bank", "Account", "Phone", "Holder");

        static Texts of(PageTexts texts) {
            return texts == PageTexts.ENGLISH ? ENGLISH : SPANISH;
        }
    }
}
