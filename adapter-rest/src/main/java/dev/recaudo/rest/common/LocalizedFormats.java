package dev.recaudo.rest.common;

import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Currency;
import java.util.Locale;
import java.util.Map;

/** Money and dates as a reader of {@code locale} writes them: the hosted page's and the console's. */
public final class LocalizedFormats {

    private static final Map<CurrencyCode, String> SIGNS = Map.of(CurrencyCode.USD, "US$", CurrencyCode.COP, "COL$",
            CurrencyCode.MXN, "MX$", CurrencyCode.CRC, "₡", CurrencyCode.VES, "Bs.");

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

    /**
     * The amount with its currency's sign as the console and its statements write it: each currency's
     * own sign, told apart from the other dollars ({@code US$}, {@code COL$}, {@code MX$}, {@code ₡},
     * {@code Bs.}), and the number with the separators of the reader's {@code locale}.
     */
    public static String amountWithSign(Money money, Locale locale) {
        NumberFormat number = NumberFormat.getNumberInstance(locale);
        int digits = money.currency().minorUnitDigits();
        number.setMinimumFractionDigits(digits);
        number.setMaximumFractionDigits(digits);
        String sign = SIGNS.get(money.currency());
        String figure = number.format(BigDecimal.valueOf(money.amountMinor(), digits).abs());
        return (money.amountMinor() < 0 ? "-" : "") + sign + (sign.endsWith(".") ? " " : "") + figure;
    }

    public static String date(LocalDate date, Locale locale) {
        return date.format(DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG).withLocale(locale));
    }
}
