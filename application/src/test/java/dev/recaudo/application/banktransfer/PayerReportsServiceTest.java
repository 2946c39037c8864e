package dev.recaudo.application.banktransfer;

import static dev.recaudo.application.fixtures.DocumentFixture.document;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.banktransfer.PayerReportsUseCase.Form;
import dev.recaudo.application.banktransfer.PayerReportsUseCase.Result;
import dev.recaudo.application.fakes.InMemoryCheckoutRepository;
import dev.recaudo.application.fakes.InMemoryPayerReports;
import dev.recaudo.application.fakes.InMemoryRateLimitCounterStore;
import dev.recaudo.application.fakes.InMemoryReceivingAccounts;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.ratelimit.RateLimiter;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.checkout.Checkout;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PayerReportsServiceTest {

    private final CompanyId companyId = CompanyId.random();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T12:00:00Z"));
    private final InMemoryCheckoutRepository checkouts = new InMemoryCheckoutRepository();
    private final InMemoryReceivingAccounts accounts = new InMemoryReceivingAccounts();
    private final InMemoryPayerReports reports = new InMemoryPayerReports();
    private final PayerReportsService service = new PayerReportsService(checkouts, accounts, reports,
            new RateLimiter(new InMemoryRateLimitCounterStore(), clock), clock);

    private Checkout checkout(KeyEnvironment environment, boolean account) {
        Checkout checkout = Checkout.forBalanceOf(document(new TenantScope(companyId, environment)).build(), clock.instant());
        checkouts.insert(checkout);
        if (account) {
            accounts.insert(new ReceivingAccount(UUID.randomUUID(), companyId, "Banco", Optional.empty(), Optional.of("04140000000"),
                    "Acme", checkout.amount().currency(), true, clock.instant()));
        }
        return checkout;
    }

    private static Form form(String reference, String date, String amount) {
        return new Form(" Banco de Venezuela ", "+58 414-123 4567", reference, date, amount);
    }

    private String exact(Checkout checkout) {
        return new java.math.BigDecimal(checkout.amount().amountMinor())
                .movePointLeft(checkout.amount().currency().minorUnitDigits()).toPlainString();
    }

    @Test
    void givenAValidReport_thenItIsStoredNormalizedAndOpen() {
        Checkout checkout = checkout(KeyEnvironment.LIVE, true);
        Result result = service.report(checkout.id(), form("0045-1234 5678", "2026-11-27", exact(checkout)));
        assertThat(result).isInstanceOf(Result.Reported.class);
        PayerReport report = ((Result.Reported) result).report();
        assertThat(report.bank()).isEqualTo("Banco de Venezuela");
        assertThat(report.phone()).isEqualTo("584141234567");
        assertThat(report.bankReference()).isEqualTo("004512345678");
        assertThat(report.amount()).isEqualTo(checkout.amount());
        assertThat(report.status()).isEqualTo(PayerReport.OPEN);
        assertThat(service.open(checkout.id())).containsExactly(report);
    }

    @Test
    void givenBadFields_thenTheFieldIsNamedAndNothingStored() {
        Checkout checkout = checkout(KeyEnvironment.LIVE, true);
        String amount = exact(checkout);
        assertThat(service.report(checkout.id(), new Form("", "04141234567", "1234", "2026-11-27", amount)))
                .isEqualTo(new Result.Invalid("bank", "the payer's bank, 2 to 60 letters"));
        assertThat(service.report(checkout.id(), new Form("B".repeat(61), "04141234567", "1234", "2026-11-27", amount)))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("bank");
        assertThat(service.report(checkout.id(), new Form("Banco", "12-34", "1234", "2026-11-27", amount)))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("phone");
        assertThat(service.report(checkout.id(), form("12", "2026-11-27", amount)))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("reference");
        assertThat(service.report(checkout.id(), form("1".repeat(31), "2026-11-27", amount)))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("reference");
        assertThat(service.report(checkout.id(), form("1234", "2026-11-29", amount)))
                .as("tomorrow").extracting(r -> ((Result.Invalid) r).field()).isEqualTo("date");
        assertThat(service.report(checkout.id(), form("1234", "2026-10-28", amount)))
                .as("31 days ago").extracting(r -> ((Result.Invalid) r).field()).isEqualTo("date");
        assertThat(service.report(checkout.id(), form("1234", "27/11/2026", amount)))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("date");
        assertThat(service.report(checkout.id(), form("1234", "2026-11-27", "0")))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("amount");
        assertThat(service.report(checkout.id(), form("1234", "2026-11-27", "1.23456")))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("amount");
        clock.advance(java.time.Duration.ofHours(1)); // ten posts an hour
        assertThat(service.report(checkout.id(), form("1234", "2026-11-27", "-5")))
                .extracting(r -> ((Result.Invalid) r).field()).isEqualTo("amount");
        assertThat(service.report(checkout.id(), form("1234", "2026-10-29", amount))).as("30 days ago")
                .isInstanceOf(Result.Reported.class);
        assertThat(service.open(checkout.id())).hasSize(1);
    }

    @Test
    void givenATestCheckoutOrNoAccountOrNoCheckout_thenNotOffered() {
        assertThat(service.report(checkout(KeyEnvironment.TEST, true).id(), form("1234", "2026-11-27", "1")))
                .isEqualTo(new Result.NotOffered());
        assertThat(service.report(UUID.randomUUID(), form("1234", "2026-11-27", "1"))).isEqualTo(new Result.NotOffered());
        CompanyId other = CompanyId.random();
        Checkout withoutAccount = Checkout.forBalanceOf(document(new TenantScope(other, KeyEnvironment.LIVE)).build(),
                clock.instant());
        checkouts.insert(withoutAccount);
        assertThat(service.report(withoutAccount.id(), form("1234", "2026-11-27", "1"))).isEqualTo(new Result.NotOffered());
    }

    @Test
    void givenThreeOpenReportsOrTheSameReferenceAgain_thenTooMany_andTheHourlyLimitRefusesTheEleventhPost() {
        Checkout checkout = checkout(KeyEnvironment.LIVE, true);
        String amount = exact(checkout);
        assertThat(service.report(checkout.id(), form("1111", "2026-11-27", amount))).isInstanceOf(Result.Reported.class);
        assertThat(service.report(checkout.id(), form("11-11", "2026-11-27", amount))).isEqualTo(new Result.TooMany());
        assertThat(service.report(checkout.id(), form("2222", "2026-11-27", amount))).isInstanceOf(Result.Reported.class);
        assertThat(service.report(checkout.id(), form("3333", "2026-11-27", amount))).isInstanceOf(Result.Reported.class);
        assertThat(service.report(checkout.id(), form("4444", "2026-11-27", amount))).isEqualTo(new Result.TooMany());
        for (int post = 6; post <= 10; post++) {
            assertThat(service.report(checkout.id(), form("12", "2026-11-27", amount))).isInstanceOf(Result.Invalid.class);
        }
        assertThat(service.report(checkout.id(), form("5555", "2026-11-27", amount))).isInstanceOf(Result.RateLimited.class);
        clock.advance(java.time.Duration.ofHours(1));
        assertThat(service.report(checkout.id(), form("12", "2026-11-27", amount))).isInstanceOf(Result.Invalid.class);
    }
}
