package dev.recaudo.application.banktransfer;

import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.company.CompanyId;
import java.util.List;
import java.util.UUID;

/** Inbound port: the import of a bank statement of one of the company's receiving accounts, and the imports made. */
public interface BankStatementsUseCase {

    /** Imports read per list, newest first. */
    int LISTED_MAX = 100;

    ImportResult importStatement(CompanyId companyId, UUID accountId, String format, StatementSource source);

    List<StatementSummary> list(CompanyId companyId);

    sealed interface ImportResult {
        /** {@code repeated}: the statement was imported before and nothing new was in it. */
        record Imported(StatementSummary statement) implements ImportResult {}

        record NoSuchAccount() implements ImportResult {}

        /** The statement names an account other than the one it was imported for. */
        record WrongAccount(String statementAccount) implements ImportResult {}

        /**
         * Bad input at {@code line}. Nothing was kept when it was found before the first entry; else
         * the entries before it are kept ({@code statement}, FAILED), and a corrected import adds the rest.
         */
        record Malformed(long line, String message, java.util.Optional<StatementSummary> statement) implements ImportResult {}
    }
}
