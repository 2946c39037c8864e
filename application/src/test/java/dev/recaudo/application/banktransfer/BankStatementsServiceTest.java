package dev.recaudo.application.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.banktransfer.BankStatementsUseCase.ImportResult;
import dev.recaudo.application.fakes.DirectTransactions;
import dev.recaudo.application.fakes.InMemoryBankStatements;
import dev.recaudo.application.fakes.InMemoryReceivingAccounts;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BankStatementsServiceTest {

    private final CompanyId companyId = CompanyId.random();
    private final UUID accountId = UUID.randomUUID();
    private final InMemoryReceivingAccounts accounts = new InMemoryReceivingAccounts();
    private final InMemoryBankStatements statements = new InMemoryBankStatements();
    private final DirectTransactions transactions = new DirectTransactions();
    /** Every new credit counted unmatched, as a matching that finds nothing. */
    private final EntryMatching nothingMatches = (company, account, entry, line) ->
            line.credit() ? new Counts(0, 0, 0, 0, 1) : Counts.NONE;
    private final BankStatementsService service = new BankStatementsService(accounts, statements, nothingMatches, transactions,
            Clock.systemUTC());

    {
        accounts.insert(new ReceivingAccount(accountId, companyId, "Banco", Optional.of("VE12-0102"), Optional.empty(), "Acme",
                CurrencyCode.USD, true, Instant.now()));
    }

    private static StatementLine line(int number, Optional<String> bankReference) {
        return new StatementLine(number, Money.of(2000, CurrencyCode.USD), true, false, LocalDate.of(2026, 11, 27),
                Optional.empty(), bankReference, Optional.empty(), "pago", Optional.of("Ana"), Optional.empty());
    }

    /** A source over given lines; {@code badAt} (0 for none) throws Malformed in place of that line. */
    private static StatementSource source(StatementHeader header, List<StatementLine> lines, int badAt) {
        Iterator<StatementLine> each = lines.iterator();
        return new StatementSource() {
            @Override
            public StatementHeader header() {
                return header;
            }

            @Override
            public Optional<StatementLine> next() {
                if (!each.hasNext()) {
                    return Optional.empty();
                }
                StatementLine next = each.next();
                if (next.lineNumber() == badAt) {
                    throw new Malformed(next.lineNumber() + 10, "bad amount");
                }
                return Optional.of(next);
            }
        };
    }

    private static StatementHeader header(String id, long opening, long closing) {
        return new StatementHeader(id, Optional.of("ve120102"), Optional.of(opening), Optional.of(closing));
    }

    private StatementSummary imported(ImportResult result) {
        return ((ImportResult.Imported) result).statement();
    }

    @Test
    void givenMoreLinesThanABatch_whenImported_thenOneTransactionPerBatchAndEqualLinesAreTwoEntries() {
        List<StatementLine> lines = IntStream.rangeClosed(1, BankStatementsService.BATCH_SIZE * 2 + 1)
                .mapToObj(n -> line(n, Optional.empty())).toList();
        StatementSummary summary = imported(service.importStatement(companyId, accountId, "camt.053",
                source(header("S-1", 0, 1), lines, 0)));
        assertThat(summary.counts()).isEqualTo(new Counts(1001, 0, 0, 0, 1001));
        // Opening the statement, three batches, finishing it.
        assertThat(transactions.started()).isEqualTo(5);
        assertThat(summary.status()).isEqualTo("IMPORTED");
    }

    @Test
    void givenAnOverlappingStatement_whenImported_thenOnlyUnseenEntriesAreNewAndAGapIsFlagged() {
        imported(service.importStatement(companyId, accountId, "camt.053",
                source(header("S-1", 0, 500), List.of(line(1, Optional.of("B-1")), line(2, Optional.of("B-2"))), 0)));
        StatementSummary next = imported(service.importStatement(companyId, accountId, "camt.053",
                source(header("S-2", 500, 900), List.of(line(1, Optional.of("B-2")), line(2, Optional.of("B-3"))), 0)));
        assertThat(next.counts()).isEqualTo(new Counts(1, 1, 0, 0, 1));
        assertThat(next.gap()).isFalse();
        StatementSummary gap = imported(service.importStatement(companyId, accountId, "camt.053",
                source(header("S-4", 1000, 1000), List.of(), 0)));
        assertThat(gap.gap()).isTrue();
        assertThat(gap.previousClosingMinor()).contains(900L);
        assertThat(statements.kept()).hasSize(3);
    }

    @Test
    void givenABadLine_whenImported_thenTheLinesBeforeItAreKeptAndTheImportFailedAtItsLine() {
        ImportResult result = service.importStatement(companyId, accountId, "csv",
                source(header("S-1", 0, 0), List.of(line(1, Optional.empty()), line(2, Optional.empty())), 2));
        ImportResult.Malformed malformed = (ImportResult.Malformed) result;
        assertThat(malformed.line()).isEqualTo(12);
        assertThat(malformed.statement().orElseThrow().status()).isEqualTo("FAILED");
        assertThat(malformed.statement().orElseThrow().failure()).contains("line 12: bad amount");
        assertThat(statements.kept()).hasSize(1);
    }

    @Test
    void givenAnotherAccountOrAnUnknownOne_whenImported_thenNothingIsKept() {
        ImportResult wrong = service.importStatement(companyId, accountId, "camt.053",
                source(new StatementHeader("S", Optional.of("VE99"), Optional.empty(), Optional.empty()), List.of(), 0));
        assertThat(wrong).isEqualTo(new ImportResult.WrongAccount("VE99"));
        assertThat(service.importStatement(CompanyId.random(), accountId, "csv", source(header("S", 0, 0), List.of(), 0)))
                .isEqualTo(new ImportResult.NoSuchAccount());
        assertThat(service.list(companyId)).isEmpty();
    }
}
