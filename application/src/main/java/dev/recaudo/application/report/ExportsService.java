package dev.recaudo.application.report;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.report.AppliedPaymentsExport;
import dev.recaudo.domain.report.AppliedPaymentsExport.Applied;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An export runs in one read-only transaction: its rows are one moment's, and the store can hand
 * them over through a cursor, a batch at a time, instead of all at once.
 */
public final class ExportsService implements ExportsUseCase {

    private final AppliedPaymentsExport applied;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;

    public ExportsService(AppliedPaymentsExport applied, CompanyRepository companies, Transactions transactions, Clock clock) {
        this.applied = applied;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Optional<Period> period(TenantScope scope, LocalDate from, LocalDate through) {
        ZoneId zone = companies.find(scope.companyId()).map(Company::timeZone).orElse(Company.DEFAULT_TIME_ZONE);
        if (through.isBefore(from) || through.isAfter(LocalDate.ofInstant(clock.instant(), zone))) {
            return Optional.empty();
        }
        return Optional.of(new Period(from, through, from.atStartOfDay(zone).toInstant(), through.plusDays(1).atStartOfDay(zone).toInstant()));
    }

    @Override
    public void appliedPayments(TenantScope scope, Period period, Consumer<Applied> each) {
        transactions.inTransaction(() -> {
            applied.each(scope, period.start(), period.end(), each);
            return null;
        });
    }
}
