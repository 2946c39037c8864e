package dev.recaudo.application.fakes;

import dev.recaudo.domain.banktransfer.PayerReport;
import dev.recaudo.domain.banktransfer.PayerReports;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Payers' reports in memory. Every open report counts as a claim of a pending live checkout: which
 * checkouts are pending is the PostgreSQL adapter's join, tested end to end.
 */
public final class InMemoryPayerReports implements PayerReports {

    private final List<PayerReport> reports = new ArrayList<>();
    private final Map<UUID, UUID> matchedBy = new ConcurrentHashMap<>();

    @Override
    public synchronized boolean insert(PayerReport report, int openMax) {
        List<PayerReport> open = openOf(report.checkoutId());
        if (open.size() >= openMax || open.stream().anyMatch(o -> o.bankReference().equals(report.bankReference()))) {
            return false;
        }
        reports.add(report);
        return true;
    }

    @Override
    public synchronized List<PayerReport> openOf(UUID checkoutId) {
        return reports.stream().filter(r -> r.checkoutId().equals(checkoutId) && !matchedBy.containsKey(r.id())).toList();
    }

    @Override
    public synchronized List<PayerReport> openClaims(CompanyId companyId, CurrencyCode currency, int limit) {
        return reports.stream().filter(r -> r.companyId().equals(companyId) && r.amount().currency() == currency
                && !matchedBy.containsKey(r.id())).limit(limit).toList();
    }

    @Override
    public void matched(CompanyId companyId, UUID reportId, UUID entryId, Instant now) {
        matchedBy.put(reportId, entryId);
    }

    /** The entry that confirmed the report, or null while it is open. */
    public UUID matchedBy(UUID reportId) {
        return matchedBy.get(reportId);
    }
}
