package dev.recaudo.domain.banktransfer;

import java.util.Objects;
import java.util.Optional;

/**
 * What a statement says before its entries.
 *
 * @param statementId the bank's id of the statement ({@code Stmt/Id}), or the one the importer gave a CSV file
 * @param accountId the account the bank says the statement is of (IBAN or other id), when it says
 * @param openingMinor the booked opening balance in minor units, negative when a debit ({@code OPBD})
 * @param closingMinor the booked closing balance ({@code CLBD})
 */
public record StatementHeader(String statementId, Optional<String> accountId, Optional<Long> openingMinor,
        Optional<Long> closingMinor) {

    public StatementHeader {
        Objects.requireNonNull(statementId, "statementId");
    }
}
