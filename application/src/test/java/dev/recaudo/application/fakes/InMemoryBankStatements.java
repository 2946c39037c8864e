package dev.recaudo.application.fakes;

import dev.recaudo.domain.banktransfer.BankStatements;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.banktransfer.StatementSummary;
import dev.recaudo.domain.banktransfer.StatementSummary.Counts;
import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Statements in import order and entries unique by account and identity, as the two tables keep them. */
public final class InMemoryBankStatements implements BankStatements {

    private final Map<UUID, StatementSummary> statements = new LinkedHashMap<>();
    private final Map<String, UUID> identities = new HashMap<>();
    private final Map<UUID, String> entryStatus = new HashMap<>();
    private final List<StatementLine> kept = new ArrayList<>();
    private final Map<UUID, Kept> entries = new LinkedHashMap<>();
    private final Map<UUID, UUID> entryCheckout = new HashMap<>();

    private record Kept(UUID accountId, StatementLine line) {}

    @Override
    public Optional<Long> lastClosingMinor(CompanyId companyId, UUID accountId) {
        return statements.values().stream()
                .filter(s -> s.accountId().equals(accountId) && s.closingMinor().isPresent() && !s.status().equals("FAILED"))
                .reduce((first, second) -> second).flatMap(StatementSummary::closingMinor);
    }

    @Override
    public void open(CompanyId companyId, StatementSummary statement) {
        statements.put(statement.id(), statement);
    }

    @Override
    public boolean insertEntry(CompanyId companyId, UUID accountId, UUID statementId, UUID entryId, StatementLine line,
            String identity, Instant now) {
        if (identities.putIfAbsent(accountId + "/" + identity, entryId) != null) {
            return false;
        }
        entryStatus.put(entryId, "UNMATCHED");
        kept.add(line);
        entries.put(entryId, new Kept(accountId, line));
        return true;
    }

    @Override
    public void markEntry(CompanyId companyId, UUID entryId, String status, Optional<UUID> checkoutId) {
        entryStatus.put(entryId, status);
        checkoutId.ifPresent(id -> entryCheckout.put(entryId, id));
    }

    @Override
    public Optional<ReversibleCredit> lockReversibleCredit(CompanyId companyId, UUID accountId, StatementLine reversal) {
        return entries.entrySet().stream().filter(entry -> {
            StatementLine line = entry.getValue().line();
            boolean named = reversal.bankReference().isPresent() ? line.bankReference().equals(reversal.bankReference())
                    : reversal.endToEndId().isPresent() && line.endToEndId().equals(reversal.endToEndId());
            return entry.getValue().accountId().equals(accountId) && line.credit() && !line.reversal() && named
                    && line.amount().equals(reversal.amount())
                    && List.of("MATCHED", "CREDITED").contains(entryStatus.get(entry.getKey()));
        }).findFirst().map(entry -> new ReversibleCredit(entry.getKey(), entry.getValue().line().bankReference(),
                Optional.ofNullable(entryCheckout.get(entry.getKey()))));
    }

    @Override
    public void count(CompanyId companyId, UUID statementId, Counts counts) {
        StatementSummary s = statements.get(statementId);
        statements.put(statementId, new StatementSummary(s.id(), s.accountId(), s.statementRef(), s.format(), s.openingMinor(),
                s.closingMinor(), s.previousClosingMinor(), s.gap(), s.status(), s.failure(), s.counts().plus(counts),
                s.importedAt()));
    }

    @Override
    public void finish(CompanyId companyId, UUID statementId, Optional<String> failure, Instant now) {
        StatementSummary s = statements.get(statementId);
        statements.put(statementId, new StatementSummary(s.id(), s.accountId(), s.statementRef(), s.format(), s.openingMinor(),
                s.closingMinor(), s.previousClosingMinor(), s.gap(), failure.isPresent() ? "FAILED" : "IMPORTED", failure,
                s.counts(), s.importedAt()));
    }

    @Override
    public Optional<StatementSummary> find(CompanyId companyId, UUID statementId) {
        return Optional.ofNullable(statements.get(statementId));
    }

    @Override
    public List<StatementSummary> list(CompanyId companyId, int limit) {
        return statements.values().stream().sorted(Comparator.comparing(StatementSummary::importedAt).reversed())
                .limit(limit).toList();
    }

    public Optional<String> statusOf(UUID entryId) {
        return Optional.ofNullable(entryStatus.get(entryId));
    }

    public List<StatementLine> kept() {
        return kept;
    }
}
