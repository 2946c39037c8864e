package dev.recaudo.application.banktransfer;

import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.checkout.CheckoutRepository;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.ratelimit.RateLimitDecision;
import dev.recaudo.domain.ratelimit.RateLimitPolicy;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Validates and stores a payer's report of a transfer, for a pending live checkout whose page offers
 * transfers: bounded fields, a date neither in the future nor older than {@link #AGE_MAX_DAYS} days,
 * at most {@link #OPEN_MAX} open reports per checkout and {@link #POLICY} posts per checkout per
 * hour, so that a stranger holding the URL cannot fill the table nor the reviewers' queue.
 */
public final class PayerReportsService implements PayerReportsUseCase {

    static final int OPEN_MAX = 3;
    static final RateLimitPolicy POLICY = new RateLimitPolicy(10, Duration.ofHours(1));
    static final int BANK_MAX = 60;

    private static final Pattern BANK = Pattern.compile("[\\p{L}\\p{N} .,&'()-]{2," + BANK_MAX + "}");
    private static final Pattern PHONE = Pattern.compile("\\+?[0-9 ()-]{7,20}");
    private static final Pattern REFERENCE = Pattern.compile("[A-Za-z0-9 -]{4,30}");
    private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,12}(\\.[0-9]{1,4})?");

    private final CheckoutRepository checkouts;
    private final ReceivingAccounts accounts;
    private final PayerReports reports;
    private final RateLimiter limiter;
    private final Clock clock;

    public PayerReportsService(CheckoutRepository checkouts, ReceivingAccounts accounts, PayerReports reports,
            RateLimiter limiter, Clock clock) {
        this.checkouts = checkouts;
        this.accounts = accounts;
        this.reports = reports;
        this.limiter = limiter;
        this.clock = clock;
    }

    @Override
    public Result report(UUID checkoutId, Form form) {
        Optional<Checkout> checkout = checkouts.findForPayer(checkoutId)
                .filter(found -> found.isPending() && !found.scope().isTest())
                .filter(found -> !accounts.active(found.scope().companyId(), found.amount().currency()).isEmpty());
        if (checkout.isEmpty()) {
            return new Result.NotOffered();
        }
        RateLimitDecision decision = limiter.consumeUnauthenticated("payer-report:" + checkoutId, POLICY);
        if (!decision.allowed()) {
            return new Result.RateLimited(decision.retryAfterSeconds(clock.instant()));
        }
        String bank = trimmed(form.bank());
        if (!BANK.matcher(bank).matches()) {
            return new Result.Invalid("bank", "the payer's bank, 2 to " + BANK_MAX + " letters");
        }
        String phone = trimmed(form.phone());
        if (!PHONE.matcher(phone).matches() || digits(phone).length() < 7 || digits(phone).length() > 15) {
            return new Result.Invalid("phone", "the phone the transfer was sent from, 7 to 15 digits");
        }
        String reference = trimmed(form.reference());
        if (!REFERENCE.matcher(reference).matches() || ClaimEvidence.alphanumeric(reference).length() < 4) {
            return new Result.Invalid("reference", "the reference the bank gave the transfer, 4 to 30 letters or digits");
        }
        Optional<LocalDate> date = date(form.date());
        if (date.isEmpty()) {
            return new Result.Invalid("date", "the day of the transfer (YYYY-MM-DD), not in the future nor older than "
                    + AGE_MAX_DAYS + " days");
        }
        Optional<Money> amount = amount(form.amount(), checkout.get().amount().currency());
        if (amount.isEmpty()) {
            return new Result.Invalid("amount", "the amount transferred, positive, with at most "
                    + checkout.get().amount().currency().minorUnitDigits() + " decimals");
        }
        PayerReport report = new PayerReport(UUID.randomUUID(), checkout.get().scope().companyId(), checkoutId, bank,
                digits(phone), ClaimEvidence.alphanumeric(reference), date.get(), amount.get(), PayerReport.OPEN, clock.instant());
        return reports.insert(report, OPEN_MAX) ? new Result.Reported(report) : new Result.TooMany();
    }

    @Override
    public List<PayerReport> open(UUID checkoutId) {
        return reports.openOf(checkoutId);
    }

    private static String trimmed(String text) {
        return text == null ? "" : text.strip();
    }

    private static String digits(String text) {
        return text.replaceAll("[^0-9]", "");
    }

    /** Today in UTC is never before the payer's today in the Americas, so no day the payer lived is refused as future. */
    private Optional<LocalDate> date(String text) {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        try {
            LocalDate date = LocalDate.parse(trimmed(text));
            return date.isAfter(today) || date.isBefore(today.minusDays(AGE_MAX_DAYS)) ? Optional.empty() : Optional.of(date);
        } catch (DateTimeParseException malformed) {
            return Optional.empty();
        }
    }

    private static Optional<Money> amount(String text, CurrencyCode currency) {
        String plain = trimmed(text);
        if (!AMOUNT.matcher(plain).matches()) {
            return Optional.empty();
        }
        BigDecimal major = new BigDecimal(plain);
        if (major.scale() > currency.minorUnitDigits()) {
            return Optional.empty();
        }
        Money money = Money.of(major.movePointRight(currency.minorUnitDigits()).longValueExact(), currency);
        return money.isPositive() && money.isWithinAmountMaximum() ? Optional.of(money) : Optional.empty();
    }
}
