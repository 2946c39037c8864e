package dev.recaudo.application.report;

import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.report.ReceivablesOverviewUseCase.Overview;
import dev.recaudo.application.report.ReceivablesOverviewUseCase.Receivables;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.report.AgingBucket;
import dev.recaudo.domain.report.Collected;
import dev.recaudo.domain.report.CollectionRail;
import dev.recaudo.domain.report.FailingEndpoint;
import dev.recaudo.domain.report.OpenBalance;
import dev.recaudo.domain.report.ReceivablesReports;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ReceivablesOverviewServiceTest {

    private static final ZoneId BOGOTA = ZoneId.of("America/Bogota");

    /** Records what it was asked and answers what the test gives it. */
    private static final class AskedReports implements ReceivablesReports {
        final List<Object[]> asked = new ArrayList<>();
        List<OpenBalance> balances = List.of();

        @Override
        public List<OpenBalance> openBalances(TenantScope scope, Instant bookedBefore, LocalDate day, ZoneId zone) {
            asked.add(new Object[] {"open", bookedBefore, day, zone});
            return balances;
        }

        @Override
        public List<Collected> collected(TenantScope scope, Instant from, Instant until) {
            asked.add(new Object[] {"collected", from, until});
            return List.of();
        }

        @Override
        public List<FailingEndpoint> failingEndpoints(TenantScope scope, Instant deadSince) {
            asked.add(new Object[] {"failing", deadSince});
            return List.of();
        }
    }

    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final AskedReports reports = new AskedReports();
    // 03:00 UTC on December 1st is still November 30th in Bogotá (UTC-5).
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T03:00:00Z"));
    private final ReceivablesOverviewService service = new ReceivablesOverviewService(reports, companies, new DirectTransactions(), clock);

    @Test
    void todayAndThisMonthAreTheCompanysNotUtcs() {
        Company company = companies.given(company().build().withTimeZone(BOGOTA));
        TenantScope scope = new TenantScope(company.id(), KeyEnvironment.LIVE);

        Overview.Shown shown = (Overview.Shown) service.overview(scope, Optional.empty());

        assertThat(shown.today()).isEqualTo(LocalDate.parse("2026-11-30"));
        assertThat(shown.month()).isEqualTo(YearMonth.parse("2026-11"));
        assertThat(reports.asked.get(0)).containsExactly("open", clock.instant(), LocalDate.parse("2026-11-30"), BOGOTA);
        assertThat(reports.asked.get(1)).containsExactly("collected", Instant.parse("2026-11-01T05:00:00Z"), clock.instant());
        assertThat(reports.asked.get(2)).containsExactly("failing", Instant.parse("2026-11-24T03:00:00Z"));
    }

    @Test
    void aPastDayIsWhatTheLedgerHadBookedByItsEnd() {
        Company company = companies.given(company().build().withTimeZone(BOGOTA));

        Overview.Shown shown = (Overview.Shown) service.overview(new TenantScope(company.id(), KeyEnvironment.TEST),
                Optional.of(LocalDate.parse("2026-10-31")));

        assertThat(shown.day()).isEqualTo(LocalDate.parse("2026-10-31"));
        assertThat(reports.asked.get(0)).containsExactly("open", Instant.parse("2026-11-01T05:00:00Z"), LocalDate.parse("2026-10-31"),
                BOGOTA);
        assertThat(reports.asked.get(1)).containsExactly("collected", Instant.parse("2026-10-01T05:00:00Z"),
                Instant.parse("2026-11-01T05:00:00Z"));
    }

    @Test
    void aDayStillToComeIsNotShown() {
        Company company = companies.given(company().build().withTimeZone(BOGOTA));

        Overview overview = service.overview(new TenantScope(company.id(), KeyEnvironment.LIVE), Optional.of(LocalDate.parse("2026-12-01")));

        assertThat(overview).isEqualTo(new Overview.NotYet(LocalDate.parse("2026-11-30")));
        assertThat(reports.asked).isEmpty();
    }

    @Test
    void balancesAreSummedPerCurrencyAndBucket() {
        List<Receivables> receivables = ReceivablesOverviewService.receivables(List.of(
                new OpenBalance(CurrencyCode.USD, OptionalLong.empty(), 1_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(-3), 2_00, 2),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(0), 4_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(1), 8_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(30), 16_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(31), 32_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(90), 64_00, 1),
                new OpenBalance(CurrencyCode.USD, OptionalLong.of(91), 128_00, 3),
                new OpenBalance(CurrencyCode.COP, OptionalLong.of(61), 5_000_00, 1)));

        assertThat(receivables).containsExactly(
                new Receivables(CurrencyCode.USD, 255_00, 11, Map.of(AgingBucket.CURRENT, 7_00L, AgingBucket.DAYS_1_30, 24_00L,
                        AgingBucket.DAYS_31_60, 32_00L, AgingBucket.DAYS_61_90, 64_00L, AgingBucket.OVER_90, 128_00L)),
                new Receivables(CurrencyCode.COP, 5_000_00, 1, Map.of(AgingBucket.CURRENT, 0L, AgingBucket.DAYS_1_30, 0L,
                        AgingBucket.DAYS_31_60, 0L, AgingBucket.DAYS_61_90, 5_000_00L, AgingBucket.OVER_90, 0L)));
    }

    @Test
    void railsAreToldApartByKindAndWhatTheRailNamedThePayment() {
        assertThat(CollectionRail.of(PaymentKind.CHECKOUT, Optional.of("bank_transfer:ABC"))).isEqualTo(CollectionRail.BANK_TRANSFER);
        assertThat(CollectionRail.of(PaymentKind.CHECKOUT, Optional.of("pi_123"))).isEqualTo(CollectionRail.CARD);
        assertThat(CollectionRail.of(PaymentKind.CHECKOUT, Optional.empty())).isEqualTo(CollectionRail.SANDBOX);
        assertThat(CollectionRail.of(PaymentKind.VERIFIED, Optional.of("bank_transfer:x"))).isEqualTo(CollectionRail.VERIFIED);
        assertThat(CollectionRail.of(PaymentKind.EXTERNAL, Optional.of("pi_1"))).isEqualTo(CollectionRail.EXTERNAL);
        assertThat(CollectionRail.of(PaymentKind.PROVIDER_SETTLEMENT, Optional.empty())).isEqualTo(CollectionRail.PROVIDER_SETTLEMENT);
    }
}
