package dev.recaudo.rest.common;

import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Currency;
import java.util.Locale;

/** Money and dates as a reader of {@code locale} writes them: the hosted page's and the console's. */
public final class LocalizedFormats {

    private LocalizedFormats() {}

    /** The amount with its currency, in exactly the currency's minor digits. */
    public static String amount(Money money, Locale locale) {
        NumberFormat format = NumberFormat.getCurrencyInstance(locale);
        format.setCurrency(Currency.getInstance(money.currency().name()));
        int digits = money.currency().minorUnitDigits();
        format.setMinimumFractionDigits(digits);
        format.setMaximumFractionDigits(digits);
        return format.format(BigDecimal.valueOf(money.amountMinor(), digits));
    }

    public static String date(LocalDate date, Locale locale) {
        return date.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG).withLocale(locale));
    }
}
