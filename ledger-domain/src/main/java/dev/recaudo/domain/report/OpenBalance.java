package dev.recaudo.domain.report;

import dev.recaudo.domain.money.CurrencyCode;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The open receivables of one currency that were {@code daysPastDue} days late (empty: their
 * documents have no due date) on the report's day: their sum and how many documents they are.
 */
public record OpenBalance(CurrencyCode currency, OptionalLong daysPastDue, long amountMinor, long documents) {

    public OpenBalance {
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(daysPastDue, "daysPastDue");
    }

    public AgingBucket bucket() {
        return daysPastDue.isPresent() ? AgingBucket.of(daysPastDue.getAsLong()) : AgingBucket.CURRENT;
    }
}
