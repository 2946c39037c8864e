package dev.recaudo.domain.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TransferTest {

    private static final TenantScope SCOPE = new TenantScope(CompanyId.random(), KeyEnvironment.LIVE);
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void givenMove_whenBuilt_thenDebitAndCreditBalance() {
        DocumentId document = DocumentId.random();
        Transfer transfer = Transfer.move(SCOPE, TransferKind.DOCUMENT_ISSUED, AccountCode.receivable(document),
                AccountCode.billing(), Money.of(2000, CurrencyCode.USD), Optional.of(document), Optional.empty(), NOW);
        assertThat(transfer.entries()).extracting(Entry::amount)
                .containsExactly(Money.of(2000, CurrencyCode.USD), Money.of(-2000, CurrencyCode.USD));
    }

    @Test
    void givenUnbalancedOrSingleEntries_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> new Transfer(UUID.randomUUID(), SCOPE, TransferKind.PAYMENT_APPLIED,
                List.of(Entry.debit(AccountCode.checkoutCollections(), Money.of(100, CurrencyCode.USD)),
                        Entry.credit(AccountCode.billing(), Money.of(99, CurrencyCode.USD))),
                Optional.empty(), Optional.empty(), NOW)).hasMessageContaining("unbalanced");
        assertThatThrownBy(() -> new Transfer(UUID.randomUUID(), SCOPE, TransferKind.PAYMENT_APPLIED,
                List.of(Entry.debit(AccountCode.checkoutCollections(), Money.of(100, CurrencyCode.USD))),
                Optional.empty(), Optional.empty(), NOW)).hasMessageContaining("two entries");
    }

    @Test
    void givenTwoCurrencies_whenEachBalances_thenAccepted() {
        Transfer conversion = new Transfer(UUID.randomUUID(), SCOPE, TransferKind.CURRENCY_CONVERTED, List.of(
                Entry.debit(AccountCode.currencyExchange(), Money.of(3650, CurrencyCode.VES)),
                Entry.credit(AccountCode.partnerCollections("erp"), Money.of(3650, CurrencyCode.VES)),
                Entry.debit(AccountCode.partnerCollections("erp"), Money.of(100, CurrencyCode.USD)),
                Entry.credit(AccountCode.currencyExchange(), Money.of(100, CurrencyCode.USD))),
                Optional.empty(), Optional.empty(), NOW);
        assertThat(conversion.entries()).hasSize(4);
        assertThatThrownBy(() -> Entry.debit(AccountCode.billing(), Money.of(0, CurrencyCode.USD)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
