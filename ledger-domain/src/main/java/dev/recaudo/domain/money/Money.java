package dev.recaudo.domain.money;

import java.util.Objects;

/**
 * An amount in integer minor units of a currency. Arithmetic is exact and overflow is an error;
 * mixing currencies is a programming error, because conversion only happens through a certified
 * exchange rate, never implicitly.
 */
public record Money(long amountMinor, CurrencyCode currency) {

    /**
     * The largest amount one document, document line or payment may carry: 10^15 minor units (ten
     * trillion in a currency with cents). One request adds up at most 5000 lines or 1000 listed
     * documents (the configuration's caps), and 5000 x 10^15 is still below the largest
     * {@code long}, so no sum of accepted amounts can overflow; a conversion whose result would
     * exceed it is refused.
     */
    public static final long AMOUNT_MINOR_MAX = 1_000_000_000_000_000L;

    public Money {
        Objects.requireNonNull(currency, "currency");
    }

    public static Money zero(CurrencyCode currency) {
        return new Money(0, currency);
    }

    public static Money of(long amountMinor, CurrencyCode currency) {
        return new Money(amountMinor, currency);
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.addExact(amountMinor, other.amountMinor), currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.subtractExact(amountMinor, other.amountMinor), currency);
    }

    public Money negate() {
        return new Money(Math.negateExact(amountMinor), currency);
    }

    public Money min(Money other) {
        requireSameCurrency(other);
        return amountMinor <= other.amountMinor ? this : other;
    }

    public boolean isZero() {
        return amountMinor == 0;
    }

    public boolean isPositive() {
        return amountMinor > 0;
    }

    public boolean isNegative() {
        return amountMinor < 0;
    }

    /** Whether one document, line or payment may carry this amount: at most {@link #AMOUNT_MINOR_MAX} either way. */
    public boolean isWithinAmountMaximum() {
        return amountMinor >= -AMOUNT_MINOR_MAX && amountMinor <= AMOUNT_MINOR_MAX;
    }

    public boolean isGreaterThan(Money other) {
        requireSameCurrency(other);
        return amountMinor > other.amountMinor;
    }

    private void requireSameCurrency(Money other) {
        if (other.currency != currency) {
            throw new IllegalArgumentException("currency mismatch: " + currency + " and " + other.currency);
        }
    }

    @Override
    public String toString() {
        return amountMinor + " " + currency + " (minor units)";
    }
}
