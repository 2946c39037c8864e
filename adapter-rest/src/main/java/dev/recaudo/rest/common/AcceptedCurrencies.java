package dev.recaudo.rest.common;

import dev.recaudo.domain.money.CurrencyCode;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The currencies a request field takes, a subset of those the domain keeps, in the order the API's
 * answer lists them ("must be one of VES, USD, CRC"). Codes are read in any letter case.
 */
public record AcceptedCurrencies(List<CurrencyCode> codes) {

    public AcceptedCurrencies {
        codes = List.copyOf(codes);
    }

    public static AcceptedCurrencies of(CurrencyCode... codes) {
        return new AcceptedCurrencies(List.of(codes));
    }

    /** The currency {@code text} names if it is accepted; otherwise the field's problem is added to {@code errors}. */
    public Optional<CurrencyCode> read(FieldErrors errors, String field, String text) {
        Optional<CurrencyCode> currency = CurrencyCode.parse(text).filter(codes::contains);
        if (currency.isEmpty()) {
            errors.add(field, text == null ? "is required" : "must be one of "
                    + codes.stream().map(CurrencyCode::name).collect(Collectors.joining(", ")));
        }
        return currency;
    }
}
