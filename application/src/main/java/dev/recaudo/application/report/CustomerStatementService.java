package dev.recaudo.application.report;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.CustomerStatements;
import dev.recaudo.domain.report.CustomerStatements.StatementEntry;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/** Reads the openings and the period's entries in one transaction and runs the balance through them. */
public final class CustomerStatementService implements CustomerStatementUseCase {

    private final CustomerStatements statements;
    private final CustomerRepository customers;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;

    public CustomerStatementService(CustomerStatements statements, CustomerRepository customers, CompanyRepository companies,
            Transactions transactions, Clock clock) {
        this.statements = statements;
        this.customers = customers;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Statement statement(TenantScope scope, UUID companyCustomerId, Optional<LocalDate> from, Optional<LocalDate> asked) {
        return transactions.inTransaction(() -> {
            Optional<Customer> customer = customers.find(scope, companyCustomerId);
            if (customer.isEmpty()) {
                return new Statement.NotFound();
            }
            ZoneId zone = companies.find(scope.companyId()).map(Company::timeZone).orElse(Company.DEFAULT_TIME_ZONE);
            Instant now = clock.instant();
            LocalDate today = LocalDate.ofInstant(now, zone);
            LocalDate through = asked.orElse(today);
            if (through.isAfter(today) || from.filter(through::isBefore).isPresent()) {
                return new Statement.BadPeriod(today);
            }
            Instant dayEnds = through.plusDays(1).atStartOfDay(zone).toInstant();
            Instant until = dayEnds.isBefore(now) ? dayEnds : now;
            Instant start = from.map(day -> day.atStartOfDay(zone).toInstant()).orElse(Instant.EPOCH);
            List<StatementEntry> entries = statements.entries(scope, companyCustomerId, start, until, ENTRIES_MAX + 1);
            if (entries.size() > ENTRIES_MAX) {
                return new Statement.TooLong();
            }
            Map<CurrencyCode, Long> openings = new TreeMap<>();
            statements.openings(scope, companyCustomerId, start).forEach(opening -> openings.put(opening.currency(), opening.amountMinor()));
            return new Statement.Shown(companyCustomerId, customer.get().profile(), from, through, zone, until,
                    accounts(openings, entries));
        });
    }

    /** Each currency's opening, its entries with the balance each leaves, and its closing balance. */
    static List<Account> accounts(Map<CurrencyCode, Long> openings, List<StatementEntry> entries) {
        Map<CurrencyCode, List<StatementEntry>> byCurrency = new TreeMap<>();
        openings.keySet().forEach(currency -> byCurrency.put(currency, new ArrayList<>()));
        entries.forEach(entry -> byCurrency.computeIfAbsent(entry.currency(), currency -> new ArrayList<>()).add(entry));
        List<Account> accounts = new ArrayList<>();
        byCurrency.forEach((currency, ofCurrency) -> {
            long opening = openings.getOrDefault(currency, 0L);
            long balance = opening;
            List<Line> lines = new ArrayList<>();
            for (StatementEntry entry : ofCurrency) {
                balance = Math.addExact(balance, entry.amountMinor());
                lines.add(new Line(entry.entryId(), entry.bookedAt(), entry.valueAt(), entry.kind(), entry.document(), entry.payment(),
                        entry.amountMinor(), balance));
            }
            accounts.add(new Account(currency, opening, lines, balance));
        });
        return accounts;
    }
}
