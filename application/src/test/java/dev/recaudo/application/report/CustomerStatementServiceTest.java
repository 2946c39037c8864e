package dev.recaudo.application.report;

import static dev.recaudo.application.fixtures.CompanyFixture.company;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryCompanyRepository;
import dev.recaudo.application.fakes.InMemoryCustomerRepository;
import dev.recaudo.application.fakes.MutableClock;
import dev.recaudo.application.report.CustomerStatementUseCase.Account;
import dev.recaudo.application.report.CustomerStatementUseCase.Line;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.CustomerStatements;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CustomerStatementServiceTest {

    private final InMemoryCompanyRepository companies = new InMemoryCompanyRepository();
    private final InMemoryCustomerRepository customers = new InMemoryCustomerRepository();
    private final List<Object[]> asked = new ArrayList<>();
    private List<CustomerStatements.StatementEntry> entries = List.of();
    private final CustomerStatements statements = new CustomerStatements() {
        @Override
        public List<Opening> openings(TenantScope scope, UUID companyCustomerId, Instant before) {
            asked.add(new Object[] {"openings", before});
            return List.of(new Opening(CurrencyCode.USD, 5_00));
        }

        @Override
        public List<StatementEntry> entries(TenantScope scope, UUID companyCustomerId, Instant from, Instant until, int limit) {
            asked.add(new Object[] {"entries", from, until, limit});
            return entries;
        }
    };
    // 02:00 UTC on December 1st is November 30th in Caracas (UTC-4).
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T02:00:00Z"));
    private final CustomerStatementService service = new CustomerStatementService(statements, customers, companies,
            new DirectTransactions(), clock);

    private TenantScope scope;
    private UUID customer;

    private void givenACustomerOfACompanyInCaracas() {
        Company company = companies.given(company().build().withTimeZone(ZoneId.of("America/Caracas")));
        scope = new TenantScope(company.id(), KeyEnvironment.LIVE);
        customer = UUID.randomUUID();
        customers.insert(new Customer(customer, UUID.randomUUID(), scope, new CustomerProfile(Optional.empty(), "Ana", Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty()), clock.instant(), clock.instant()));
    }

    @Test
    void aPeriodIsTheCompanysDaysAndTheLastOneEndsAtItsEndOrNow() {
        givenACustomerOfACompanyInCaracas();

        Statement.Shown shown = (Statement.Shown) service.statement(scope, customer, Optional.of(LocalDate.parse("2026-11-01")),
                Optional.of(LocalDate.parse("2026-11-15")));
        assertThat(asked.get(0)).containsExactly("entries", Instant.parse("2026-11-01T04:00:00Z"), Instant.parse("2026-11-16T04:00:00Z"),
                CustomerStatementUseCase.ENTRIES_MAX + 1);
        assertThat(asked.get(1)).containsExactly("openings", Instant.parse("2026-11-01T04:00:00Z"));
        assertThat(shown.accounts()).containsExactly(new Account(CurrencyCode.USD, 5_00, List.of(), 5_00));

        Statement.Shown today = (Statement.Shown) service.statement(scope, customer, Optional.empty(), Optional.empty());
        assertThat(today.through()).isEqualTo(LocalDate.parse("2026-11-30"));
        assertThat(asked.get(2)).containsExactly("entries", Instant.EPOCH, clock.instant(), CustomerStatementUseCase.ENTRIES_MAX + 1);
    }

    @Test
    void aDayToComeALastDayBeforeTheFirstAnUnknownCustomerOrTooManyEntriesShowNothing() {
        givenACustomerOfACompanyInCaracas();

        assertThat(service.statement(scope, customer, Optional.empty(), Optional.of(LocalDate.parse("2026-12-01"))))
                .isEqualTo(new Statement.BadPeriod(LocalDate.parse("2026-11-30")));
        assertThat(service.statement(scope, customer, Optional.of(LocalDate.parse("2026-11-10")), Optional.of(LocalDate.parse("2026-11-09"))))
                .isInstanceOf(Statement.BadPeriod.class);
        assertThat(service.statement(scope, UUID.randomUUID(), Optional.empty(), Optional.empty())).isEqualTo(new Statement.NotFound());
        assertThat(service.statement(new TenantScope(scope.companyId(), KeyEnvironment.TEST), customer, Optional.empty(), Optional.empty()))
                .isEqualTo(new Statement.NotFound());
        entries = new ArrayList<>();
        for (int i = 0; i <= CustomerStatementUseCase.ENTRIES_MAX; i++) {
            entries.add(entry(i, CurrencyCode.USD, 1));
        }
        assertThat(service.statement(scope, customer, Optional.empty(), Optional.empty())).isEqualTo(new Statement.TooLong());
    }

    @Test
    void eachLineCarriesTheBalanceItLeavesPerCurrency() {
        List<Account> accounts = CustomerStatementService.accounts(Map.of(CurrencyCode.USD, 10_00L, CurrencyCode.CRC, 0L), List.of(
                entry(1, CurrencyCode.USD, 100_00), entry(2, CurrencyCode.VES, 7_00), entry(3, CurrencyCode.USD, -120_00)));

        assertThat(accounts).extracting(Account::currency).containsExactly(CurrencyCode.USD, CurrencyCode.VES, CurrencyCode.CRC);
        assertThat(accounts.get(0).lines()).extracting(Line::balanceMinor).containsExactly(110_00L, -10_00L);
        assertThat(accounts.get(0).closingMinor()).isEqualTo(-10_00);
        assertThat(accounts.get(1)).extracting(Account::openingMinor, Account::closingMinor).containsExactly(0L, 7_00L);
        assertThat(accounts.get(2).lines()).isEmpty();
    }

    private static CustomerStatements.StatementEntry entry(long id, CurrencyCode currency, long amountMinor) {
        return new CustomerStatements.StatementEntry(id, Instant.EPOCH, TransferKind.PAYMENT_APPLIED, currency, amountMinor,
                Optional.empty(), Optional.empty(), Optional.empty());
    }
}
