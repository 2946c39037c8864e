package dev.recaudo.domain.customer;

import dev.recaudo.domain.money.CurrencyCode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A customer as the integrations list shows it: one item per customer, described by one link of
 * the listed partner ({@code source}, {@code externalCustomerId}: its oldest), with that link's data
 * and times. {@code externalIntegrations} are the links the reader may see: its own, or every
 * partner's for a key without a source. {@code creditBalances} is the customer's credit in each
 * currency it holds any, read from the ledger's {@code customer_credit} accounts; the customer store
 * has no such column, so its rows come without it and the reading use case adds it.
 */
public record CustomerListItem(
        UUID customerId,
        UUID companyCustomerId,
        String source,
        String externalCustomerId,
        String type,
        String name,
        String status,
        List<ExternalIdentity> externalIntegrations,
        String customerCode,
        String email,
        String phone,
        String taxId,
        List<CreditBalance> creditBalances,
        Instant createdAt,
        Instant updatedAt) {

    public CustomerListItem {
        externalIntegrations = List.copyOf(externalIntegrations);
        creditBalances = List.copyOf(creditBalances);
    }

    public record ExternalIdentity(String source, String externalCustomerId) {}

    /** What the company holds for the customer in one currency, in minor units (never negative). */
    public record CreditBalance(CurrencyCode currency, long amountMinor) {}

    /** This customer with its credit balances. */
    public CustomerListItem withCreditBalances(List<CreditBalance> balances) {
        return new CustomerListItem(customerId, companyCustomerId, source, externalCustomerId, type, name, status,
                externalIntegrations, customerCode, email, phone, taxId, balances, createdAt, updatedAt);
    }
}
