package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Four eyes on large credits: confirming a proposal whose credit is above its currency's amount
 * takes two different people, the first confirmation recorded and the second applying the money. A
 * currency without an amount needs one person.
 */
public record SecondConfirmations(Map<CurrencyCode, Long> aboveMinor) {

    public SecondConfirmations {
        Objects.requireNonNull(aboveMinor, "aboveMinor");
        aboveMinor.values().forEach(amount -> {
            if (amount < 0) {
                throw new IllegalArgumentException("an amount above which two people confirm cannot be negative");
            }
        });
        aboveMinor = Map.copyOf(aboveMinor.isEmpty() ? Map.of() : new EnumMap<>(aboveMinor));
    }

    public boolean needed(Money credit) {
        Long above = aboveMinor.get(credit.currency());
        return above != null && credit.amountMinor() > above;
    }
}
