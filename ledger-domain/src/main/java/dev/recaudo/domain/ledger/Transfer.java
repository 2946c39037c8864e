package dev.recaudo.domain.ledger;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A balanced set of entries posted at once: in every currency, debits equal credits. Transfers
 * are never changed or removed; a mistake is corrected by a new transfer in the other direction.
 */
public record Transfer(
        UUID id,
        TenantScope scope,
        TransferKind kind,
        List<Entry> entries,
        Optional<DocumentId> documentId,
        Optional<UUID> paymentId,
        Instant createdAt) {

    public Transfer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(paymentId, "paymentId");
        Objects.requireNonNull(createdAt, "createdAt");
        entries = List.copyOf(entries);
        if (entries.size() < 2) {
            throw new IllegalArgumentException("a transfer has at least two entries");
        }
        Map<CurrencyCode, Money> sums = new EnumMap<>(CurrencyCode.class);
        for (Entry entry : entries) {
            sums.merge(entry.amount().currency(), entry.amount(), Money::plus);
        }
        sums.forEach((currency, sum) -> {
            if (!sum.isZero()) {
                throw new IllegalArgumentException("unbalanced transfer: entries in " + currency + " sum to " + sum);
            }
        });
    }

    /** The common case: {@code amount} leaves {@code from} (credit) and reaches {@code to} (debit). */
    public static Transfer move(
            TenantScope scope,
            TransferKind kind,
            AccountCode to,
            AccountCode from,
            Money amount,
            Optional<DocumentId> documentId,
            Optional<UUID> paymentId,
            Instant now) {
        return new Transfer(UUID.randomUUID(), scope, kind,
                List.of(Entry.debit(to, amount), Entry.credit(from, amount)), documentId, paymentId, now);
    }
}
