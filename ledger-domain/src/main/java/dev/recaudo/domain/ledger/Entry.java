package dev.recaudo.domain.ledger;

import dev.recaudo.domain.money.Money;
import java.util.Objects;

/** One leg of a transfer: a positive amount debits the account, a negative one credits it. */
public record Entry(AccountCode account, Money amount) {

    public Entry {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(amount, "amount");
        if (amount.isZero()) {
            throw new IllegalArgumentException("an entry moves money; zero entries are not recorded");
        }
    }

    public static Entry debit(AccountCode account, Money amount) {
        return new Entry(account, requirePositive(amount));
    }

    public static Entry credit(AccountCode account, Money amount) {
        return new Entry(account, requirePositive(amount).negate());
    }

    private static Money requirePositive(Money amount) {
        if (!amount.isPositive()) {
            throw new IllegalArgumentException("debit and credit take positive amounts, got " + amount);
        }
        return amount;
    }
}
