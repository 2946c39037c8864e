package dev.recaudo.application.banktransfer;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads a statement as a stream and keeps its entries in batches of {@link #BATCH_SIZE}, one
 * transaction each, so an import of thousands of lines holds no long transaction and a crash
 * keeps whole batches: a re-import adds only what was not kept (the entries' identity is unique).
 */
public final class BankStatementsService implements BankStatementsUseCase {

    static final int BATCH_SIZE = 500;

    private final ReceivingAccounts accounts;
    private final BankStatements statements;
    private final EntryMatching matching;
    private final Transactions transactions;
    private final Clock clock;

    public BankStatementsService(ReceivingAccounts accounts, BankStatements statements, EntryMatching matching,
            Transactions transactions, Clock clock) {
        this.accounts = accounts;
        this.statements = statements;
        this.matching = matching;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public ImportResult importStatement(CompanyId companyId, UUID accountId, String format, StatementSource source) {
        Optional<ReceivingAccount> account = accounts.find(companyId, accountId);
        if (account.isEmpty()) {
            return new ImportResult.NoSuchAccount();
        }
        StatementHeader header;
        try {
            header = source.header();
        } catch (StatementSource.Malformed bad) {
            return new ImportResult.Malformed(bad.line(), bad.getMessage(), Optional.empty());
        }
        if (header.accountId().isPresent() && account.get().accountNumber().isPresent()
                && !normalized(header.accountId().get()).equals(normalized(account.get().accountNumber().get()))) {
            return new ImportResult.WrongAccount(header.accountId().get());
        }
        UUID statementId = UUID.randomUUID();
        Instant now = clock.instant();
        transactions.inTransaction(() -> {
            Optional<Long> previous = statements.lastClosingMinor(companyId, accountId);
            // A gap: the bank's opening balance is not where the last statement closed (a missing statement between them).
            boolean gap = previous.isPresent() && header.openingMinor().isPresent()
                    && !previous.get().equals(header.openingMinor().get());
            statements.open(companyId, new StatementSummary(statementId, accountId, header.statementId(), format,
                    header.openingMinor(), header.closingMinor(), previous, gap, "IMPORTING", Optional.empty(), Counts.NONE, now));
            return null;
        });
        Optional<StatementSource.Malformed> failure = Optional.empty();
        List<StatementLine> batch = new ArrayList<>(BATCH_SIZE);
        try {
            for (Optional<StatementLine> line = source.next(); line.isPresent(); line = source.next()) {
                batch.add(line.get());
                if (batch.size() == BATCH_SIZE) {
                    keep(companyId, accountId, statementId, header.statementId(), batch);
                    batch.clear();
                }
            }
        } catch (StatementSource.Malformed bad) {
            failure = Optional.of(bad);
        } catch (RuntimeException unreadable) {
            // The body could not be read to its end (too large, the client gone): the whole batches
            // are kept, the statement is marked failed, and the caller learns why.
            transactions.inTransaction(() -> {
                statements.finish(companyId, statementId, Optional.of("the body could not be read: " + unreadable.getMessage()),
                        clock.instant());
                return null;
            });
            throw unreadable;
        }
        keep(companyId, accountId, statementId, header.statementId(), batch);
        Optional<String> failed = failure.map(bad -> "line " + bad.line() + ": " + bad.getMessage());
        transactions.inTransaction(() -> {
            statements.finish(companyId, statementId, failed, clock.instant());
            return null;
        });
        StatementSummary summary = statements.find(companyId, statementId).orElseThrow();
        return failure.<ImportResult>map(bad -> new ImportResult.Malformed(bad.line(), bad.getMessage(), Optional.of(summary)))
                .orElseGet(() -> new ImportResult.Imported(summary));
    }

    /** One batch in one transaction: each entry kept once, each new one matched. */
    private void keep(CompanyId companyId, UUID accountId, UUID statementId, String statementRef, List<StatementLine> batch) {
        if (batch.isEmpty()) {
            return;
        }
        transactions.inTransaction(() -> {
            Counts counts = Counts.NONE;
            Instant now = clock.instant();
            for (StatementLine line : batch) {
                UUID entryId = UUID.randomUUID();
                if (!statements.insertEntry(companyId, accountId, statementId, entryId, line, line.identity(statementRef), now)) {
                    counts = counts.plus(new Counts(0, 1, 0, 0, 0));
                    continue;
                }
                counts = counts.plus(new Counts(1, 0, 0, 0, 0)).plus(matching.match(companyId, accountId, entryId, line));
            }
            statements.count(companyId, statementId, counts);
            return null;
        });
    }

    @Override
    public List<StatementSummary> list(CompanyId companyId) {
        return statements.list(companyId, LISTED_MAX);
    }

    /** Account numbers as banks print them differ in spaces, hyphens and letter case only. */
    static String normalized(String accountNumber) {
        return accountNumber.replaceAll("[^0-9A-Za-z]", "").toUpperCase(Locale.ROOT);
    }
}
