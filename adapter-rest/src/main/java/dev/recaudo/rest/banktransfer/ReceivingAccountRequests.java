package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.ReceivingAccountsUseCase.NewAccount;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.common.FieldErrors;
import dev.recaudo.rest.common.RequestValidation;
import dev.recaudo.rest.common.validation.Text;
import java.util.Arrays;
import java.util.Map;
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

    @Schema(name = "CsvMappingRequest", description = "How the account's CSV statements are read; every part optional,"
            + " the default being each field under its own name, '.' and yyyy-MM-dd")
    public record CsvMappingRequest(
            @Schema(description = "field (date, amount, currency, reference, bank_reference, payer_name, payer_id,"
                    + " description) to the header text that names it") Map<String, String> columns,
            @Schema(description = "'.' (default) or ','; with ',', dots and spaces group thousands") String decimalSeparator,
            @Schema(description = "yyyy-MM-dd (default), dd/MM/yyyy, MM/dd/yyyy, dd.MM.yyyy, dd-MM-yyyy or yyyy/MM/dd")
            String dateFormat,
            @Schema(description = "header of a column whose true/1/yes/si/x marks a line as a reversal") String reversalColumn) {}

    /** The mapping a request asks for; every rule is {@link CsvMapping#problem}'s, answered as a field error. */
    static CsvMapping csvMapping(CsvMappingRequest body) {
        RequestValidation.required(body);
        Map<String, String> columns = body.columns() == null ? Map.of() : body.columns();
        String separator = body.decimalSeparator() == null ? "." : body.decimalSeparator();
        String dateFormat = body.dateFormat() == null ? CsvMapping.DEFAULT.dateFormat() : body.dateFormat();
        Optional<String> reversal = Optional.ofNullable(body.reversalColumn());
        FieldErrors errors = new FieldErrors();
        if (columns.values().stream().anyMatch(java.util.Objects::isNull)) {
            errors.add("columns", "a header must be text");
        } else if (separator.length() != 1) {
            errors.add("decimalSeparator", "must be '.' or ','");
        } else {
            CsvMapping.problem(columns, separator.charAt(0), dateFormat, reversal).ifPresent(problem ->
                    errors.add(problem.substring(0, problem.indexOf(':')), problem.substring(problem.indexOf(':') + 2)));
        }
        errors.throwIfAny();
        return new CsvMapping(columns, separator.charAt(0), dateFormat, reversal);
    }

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
