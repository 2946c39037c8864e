package dev.recaudo.domain.money;

import java.util.Objects;

/**
 * An amount in integer minor units of a currency. Arithmetic is exact and overflow is an error;
 * mixing currencies is a programming error, because conversion only happens through a certified
 * exchange rate, never implicitly.
 */
public record Money(long amountMinor, CurrencyCode currency) {

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
