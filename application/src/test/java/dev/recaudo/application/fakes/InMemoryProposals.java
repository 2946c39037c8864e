package dev.recaudo.application.fakes;

import dev.recaudo.domain.banktransfer.Proposal;
import dev.recaudo.domain.banktransfer.Proposals;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Proposals as inserted (what was proposed, for which checkout, how sure and why), and the pending
 * checkouts of each amount a test declares. Reading a proposal back needs its entry, which this fake
 * does not keep unless a test gives it ({@link #entry}): then {@link #lock} answers the proposal and
 * {@link #lockEntryOf} the entry's status as the statements fake holds it (no real lock: the
 * concurrent answers are the PostgreSQL adapter's, tested end to end).
 */
public final class InMemoryProposals implements Proposals {

    /** One proposal as made. */
    public record Made(UUID entryId, UUID checkoutId, int confidence, String reason) {}

    private final Map<UUID, Made> made = new LinkedHashMap<>();
    private final Map<Money, List<UUID>> pending = new LinkedHashMap<>();
    private final Map<String, List<Pending>> ofTaxId = new LinkedHashMap<>();
    private final Map<UUID, LocalDate> due = new LinkedHashMap<>();
    private final Map<UUID, StatementLine> lines = new LinkedHashMap<>();
    private final Map<UUID, String> statuses = new LinkedHashMap<>();
    private final Map<UUID, UUID> firstConfirmedBy = new LinkedHashMap<>();
    private final InMemoryBankStatements statements;

    public InMemoryProposals() {
        this(new InMemoryBankStatements());
    }

    public InMemoryProposals(InMemoryBankStatements statements) {
        this.statements = statements;
    }

    /** A pending checkout of a document whose customer has the normalized tax id. */
    public void pendingOfCustomer(String taxIdNormalized, Money amount, UUID checkoutId) {
        ofTaxId.computeIfAbsent(taxIdNormalized, ignored -> new ArrayList<>()).add(new Pending(checkoutId, amount));
    }

    /** A pending checkout of {@code amount} due on {@code dueDate}. */
    public void pendingDue(Money amount, UUID checkoutId, LocalDate dueDate) {
        pending(amount, checkoutId);
        due.put(checkoutId, dueDate);
    }

    /** Gives the fake the line of an entry, so that its proposals can be read back and decided. */
    public void entry(UUID entryId, StatementLine line) {
        lines.put(entryId, line);
    }

    public String statusOf(UUID proposalId) {
        return statuses.get(proposalId);
    }

    public void pending(Money amount, UUID checkoutId) {
        pending.computeIfAbsent(amount, ignored -> new ArrayList<>()).add(checkoutId);
    }

    public List<Made> made() {
        return List.copyOf(made.values());
    }

    @Override
    public void insert(CompanyId companyId, UUID proposalId, UUID entryId, UUID checkoutId, int confidence, String reason,
            Instant now) {
        made.put(proposalId, new Made(entryId, checkoutId, confidence, reason));
        statuses.put(proposalId, "OPEN");
    }

    @Override
    public List<Proposal> open(CompanyId companyId, int limit) {
        throw new UnsupportedOperationException("read back through PgProposals");
    }

    @Override
    public Optional<Proposal> lock(CompanyId companyId, UUID proposalId) {
        Made one = made.get(proposalId);
        if (one == null) {
            return Optional.empty();
        }
        StatementLine line = Optional.ofNullable(lines.get(one.entryId()))
                .orElseThrow(() -> new UnsupportedOperationException("give the fake the entry's line first"));
        return Optional.of(new Proposal(proposalId, one.entryId(), one.checkoutId(), one.confidence(), one.reason(),
                statuses.get(proposalId), line, Instant.EPOCH, Optional.ofNullable(firstConfirmedBy.get(proposalId))));
    }

    @Override
    public void decide(CompanyId companyId, UUID proposalId, String status, Instant now) {
        statuses.computeIfPresent(proposalId, (id, current) -> current.equals("OPEN") ? status : current);
    }

    @Override
    public void confirmFirst(CompanyId companyId, UUID proposalId, UUID by, Instant now) {
        if ("OPEN".equals(statuses.get(proposalId))) {
            firstConfirmedBy.putIfAbsent(proposalId, by);
        }
    }

    @Override
    public Optional<String> lockEntryOf(CompanyId companyId, UUID proposalId) {
        return Optional.ofNullable(made.get(proposalId)).flatMap(one -> statements.statusOf(one.entryId()));
    }

    @Override
    public void supersedeOthers(CompanyId companyId, UUID entryId, UUID confirmedId, Instant now) {
        made.forEach((id, one) -> {
            if (one.entryId().equals(entryId) && !id.equals(confirmedId)) {
                decide(companyId, id, "SUPERSEDED", now);
            }
        });
    }

    @Override
    public List<UUID> pendingOfAmount(TenantScope scope, Money amount, int limit) {
        return pending.getOrDefault(amount, List.of()).stream().limit(limit).toList();
    }

    @Override
    public List<Pending> pendingOfTaxId(TenantScope scope, String taxIdNormalized, CurrencyCode currency, int limit) {
        return ofTaxId.getOrDefault(taxIdNormalized, List.of()).stream()
                .filter(found -> found.amount().currency() == currency).limit(limit).toList();
    }

    @Override
    public List<UUID> pendingOfAmountDueNear(TenantScope scope, Money amount, LocalDate date, int days, int limit) {
        return pending.getOrDefault(amount, List.of()).stream()
                .filter(id -> due.containsKey(id) && Math.abs(ChronoUnit.DAYS.between(date, due.get(id))) <= days)
                .sorted(java.util.Comparator.comparingLong(id -> Math.abs(ChronoUnit.DAYS.between(date, due.get(id)))))
                .limit(limit).toList();
    }
}
