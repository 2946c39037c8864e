package dev.recaudo.domain.banktransfer;

import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Port: the payers' reports of transfers (claims), per checkout. */
public interface PayerReports {

    /**
     * Stores the report unless its checkout already has {@code openMax} open reports (or one with
     * the same bank reference); answers whether it was stored.
     */
    boolean insert(PayerReport report, int openMax);

    /** The checkout's open reports, oldest first. */
    List<PayerReport> openOf(UUID checkoutId);

    /** The company's open reports for its pending live checkouts in {@code currency}, oldest first, at most {@code limit}. */
    List<PayerReport> openClaims(CompanyId companyId, CurrencyCode currency, int limit);

    /** The report was confirmed by the statement entry {@code entryId}: it is no longer open. */
    void matched(CompanyId companyId, UUID reportId, UUID entryId, Instant now);
}
