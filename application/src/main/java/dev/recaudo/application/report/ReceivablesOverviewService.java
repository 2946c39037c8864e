package dev.recaudo.application.report;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.AgingBucket;
import dev.recaudo.domain.report.OpenBalance;
import dev.recaudo.domain.report.ReceivablesReports;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads the overview's three reports in one transaction, so that they describe one moment. */
public final class ReceivablesOverviewService implements ReceivablesOverviewUseCase {

    /** How far back a delivery given up still counts as failing. */
    static final Duration DEAD_WINDOW = Duration.ofDays(7);

    private final ReceivablesReports reports;
    private final CompanyRepository companies;
    private final Transactions transactions;
    private final Clock clock;

    public ReceivablesOverviewService(ReceivablesReports reports, CompanyRepository companies, Transactions transactions, Clock clock) {
        this.reports = reports;
        this.companies = companies;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public Overview overview(TenantScope scope, Optional<LocalDate> asked) {
        return transactions.inTransaction(() -> {
            ZoneId zone = companies.find(scope.companyId()).map(Company::timeZone).orElse(Company.DEFAULT_TIME_ZONE);
            Instant now = clock.instant();
            LocalDate today = LocalDate.ofInstant(now, zone);
            LocalDate day = asked.orElse(today);
            if (day.isAfter(today)) {
                return new Overview.NotYet(today);
            }
            Instant dayEnds = day.plusDays(1).atStartOfDay(zone).toInstant();
            Instant bookedBefore = dayEnds.isBefore(now) ? dayEnds : now;
            YearMonth month = YearMonth.from(day);
            return new Overview.Shown(zone, day, today, receivables(reports.openBalances(scope, bookedBefore, day, zone)), month,
                    reports.collected(scope, month.atDay(1).atStartOfDay(zone).toInstant(), bookedBefore),
                    reports.failingEndpoints(scope, now.minus(DEAD_WINDOW)));
        });
    }

    /** The balances of each currency summed per bucket, currencies in code order. */
    static List<Receivables> receivables(List<OpenBalance> balances) {
        Map<CurrencyCode, List<OpenBalance>> byCurrency = new TreeMap<>();
        balances.forEach(balance -> byCurrency.computeIfAbsent(balance.currency(), currency -> new ArrayList<>()).add(balance));
        List<Receivables> receivables = new ArrayList<>();
        byCurrency.forEach((currency, ofCurrency) -> {
            Map<AgingBucket, Long> buckets = new EnumMap<>(AgingBucket.class);
            for (AgingBucket bucket : AgingBucket.values()) {
                buckets.put(bucket, 0L);
            }
            long open = 0;
            long documents = 0;
            for (OpenBalance balance : ofCurrency) {
                buckets.merge(balance.bucket(), balance.amountMinor(), Math::addExact);
                open = Math.addExact(open, balance.amountMinor());
                documents += balance.documents();
            }
            receivables.add(new Receivables(currency, open, documents, buckets));
        });
        return receivables;
    }
}
