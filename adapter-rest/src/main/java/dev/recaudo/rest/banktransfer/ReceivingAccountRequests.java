package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase.NewAccount;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.Text;
import java.util.Arrays;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of a receiving account's registration, checked and read into what the use case takes. */
final class ReceivingAccountRequests {

    private ReceivingAccountRequests() {}

    @Schema(name = "RegisterReceivingAccountRequest", description = "Exactly one of accountNumber and phone")
    public record RegisterRequest(
            @Text(max = 100, required = true, trimmed = true) String bank,
            @Text(max = 64, trimmed = true, pattern = "[0-9A-Za-z -]+") String accountNumber,
            @Text(max = 32, trimmed = true, pattern = "\\+?[0-9 -]+") String phone,
            @Text(max = 200, required = true, trimmed = true) String holder,
            @Schema(description = "ISO 4217 code of a currency Recaudo keeps") String currency) {}

    /** Shape rules are the record's annotations; the currency and the one-of rule are read here. */
    static NewAccount registration(RequestValidation validation, RegisterRequest body) {
        RequestValidation.required(body);
        FieldErrors read = new FieldErrors();
        Optional<CurrencyCode> currency = CurrencyCode.parse(body.currency());
        if (currency.isEmpty()) {
            read.add("currency", "must be one of " + Arrays.toString(CurrencyCode.values()));
        }
        Optional<String> accountNumber = present(body.accountNumber());
        Optional<String> phone = present(body.phone());
        if (accountNumber.isPresent() == phone.isPresent()) {
            read.add(accountNumber.isPresent() ? "phone" : "accountNumber", "exactly one of accountNumber and phone is required");
        }
        FieldErrors errors = new FieldErrors();
        validation.check(body, read, errors);
        errors.throwIfAny();
        return new NewAccount(body.bank().trim(), accountNumber, phone, body.holder().trim(), currency.orElseThrow());
    }

    private static Optional<String> present(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text.trim());
    }
}
