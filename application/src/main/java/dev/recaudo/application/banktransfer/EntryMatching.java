package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.company.CompanyId;
import java.util.UUID;

/**
 * What a new statement entry leads to, decided inside the batch's transaction: a payment
 * completed, a proposal for a person, or nothing. Answers the counts of the one entry.
 */
public interface EntryMatching {

    Counts match(CompanyId companyId, UUID accountId, UUID entryId, StatementLine line);
}
