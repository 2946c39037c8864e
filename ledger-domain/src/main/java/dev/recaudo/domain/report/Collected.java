package dev.recaudo.domain.report;

import dev.recaudo.domain.money.CurrencyCode;
import java.util.Objects;

/** Money of one currency collected through one rail in a period: its sum and how many payments. */
public record Collected(CollectionRail rail, CurrencyCode currency, long amountMinor, long payments) {

    public Collected {
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(currency, "currency");
    }
}
