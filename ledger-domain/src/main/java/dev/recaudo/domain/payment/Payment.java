package dev.recaudo.domain.payment;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Money received for a company. {@code amount} is in the payment's currency; {@code applicationAmount}
 * is the same money in the currency of the documents it pays (equal to {@code amount} unless a
 * certified rate converted it). In the application currency, for every payment:
 * applicationAmount = applied + credit + unapplied.
 *
 * @param externalPaymentId the partner's id of a verified payment; Recaudo's own for the other kinds
 *     (see {@link PaymentKind}); unique per partner across kinds
 * @param applicationAmount empty while a certified rate is missing
 * @param providerPaymentId the provider's own id of a settlement ({@code provider_payment_id}), kept as
 *     sent; one provider payment may settle several invoices, so it does not name the payment
 */
public record Payment(
        UUID id,
        TenantScope scope,
        String source,
        String externalPaymentId,
        PaymentKind kind,
        Optional<UUID> customerId,
        Optional<String> customerExternalId,
        Money amount,
        Optional<Money> applicationAmount,
        Money applied,
        Money credit,
        PaymentOutcome outcome,
        Optional<UUID> exchangeRateId,
        Optional<String> exchangeRateUsed,
        Optional<String> requestId,
        Optional<String> providerPaymentId,
        Instant paidAt,
        Instant createdAt,
        Instant updatedAt) {

    /**
     * The currencies of verified payments and of their documents (the specification limits payment
     * currencies and certified rates to them). A document in another currency could never be
     * settled by a verified payment or a rate, so the integrations API creates none and no verified
     * payment may list one.
     */
    public static final Set<CurrencyCode> VERIFIED_CURRENCIES =
            Collections.unmodifiableSet(EnumSet.of(CurrencyCode.USD, CurrencyCode.VES));

    public Payment {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(customerExternalId, "customerExternalId");
        Objects.requireNonNull(applicationAmount, "applicationAmount");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(exchangeRateId, "exchangeRateId");
        Objects.requireNonNull(exchangeRateUsed, "exchangeRateUsed");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(providerPaymentId, "providerPaymentId");
        if (!amount.isPositive()) {
            throw new IllegalArgumentException("a payment amount is positive");
        }
        applicationAmount.ifPresent(total -> {
            if (applied.plus(credit).isGreaterThan(total)) {
                throw new IllegalArgumentException("applied plus credit exceed the payment");
            }
        });
    }

    /**
     * A payment that settles one document's whole open balance at once, named by Recaudo after
     * what was paid ({@code origin}: the invoice settled, the checkout paid; see {@link PaymentKind}).
     */
    public static Payment settling(TenantScope scope, String source, PaymentKind kind, UUID origin, UUID customerId,
            Money amount, Optional<String> providerPaymentId, Instant now) {
        return new Payment(UUID.randomUUID(), scope, source, kind.externalPaymentIdOf(origin), kind, Optional.of(customerId),
                Optional.empty(), amount, Optional.of(amount), amount, Money.zero(amount.currency()), PaymentOutcome.APPLIED,
                Optional.empty(), Optional.empty(), Optional.empty(), providerPaymentId, now, now, now);
    }

    /**
     * Money returned out of the payment (a refund, a chargeback): {@code fromApplied} leaves what it
     * applied to its document, {@code fromCredit} the credit it created. A negative pair puts back
     * what a declined refund had taken.
     */
    public Payment withMoneyReturned(Money fromApplied, Money fromCredit, Instant now) {
        Money newApplied = applied.minus(fromApplied);
        Money newCredit = credit.minus(fromCredit);
        if (newApplied.isNegative() || newCredit.isNegative()) {
            throw new IllegalArgumentException("a payment returns at most what it applied and credited");
        }
        return new Payment(id, scope, source, externalPaymentId, kind, customerId, customerExternalId, amount, applicationAmount,
                newApplied, newCredit, outcome, exchangeRateId, exchangeRateUsed, requestId, providerPaymentId, paidAt, createdAt,
                now);
    }

    /** A payment built field by field, each named where it is set. */
    public static Builder builder() {
        return new Builder();
    }

    /** This payment with the fields the builder then sets changed. */
    public Builder toBuilder() {
        return new Builder().id(id).scope(scope).source(source).externalPaymentId(externalPaymentId).kind(kind)
                .customerId(customerId).customerExternalId(customerExternalId).amount(amount)
                .applicationAmount(applicationAmount).applied(applied).credit(credit).outcome(outcome)
                .exchangeRateId(exchangeRateId).exchangeRateUsed(exchangeRateUsed).requestId(requestId)
                .providerPaymentId(providerPaymentId).paidAt(paidAt).createdAt(createdAt).updatedAt(updatedAt);
    }

    /**
     * Builds a payment by named fields, so that two of one type (the partner's ids, the request id,
     * the customer's) cannot be swapped unseen as positional arguments can. An optional field not set
     * is empty; the record's own checks run at {@link #build}.
     */
    public static final class Builder {
        private UUID id;
        private TenantScope scope;
        private String source;
        private String externalPaymentId;
        private PaymentKind kind;
        private Optional<UUID> customerId = Optional.empty();
        private Optional<String> customerExternalId = Optional.empty();
        private Money amount;
        private Optional<Money> applicationAmount = Optional.empty();
        private Money applied;
        private Money credit;
        private PaymentOutcome outcome;
        private Optional<UUID> exchangeRateId = Optional.empty();
        private Optional<String> exchangeRateUsed = Optional.empty();
        private Optional<String> requestId = Optional.empty();
        private Optional<String> providerPaymentId = Optional.empty();
        private Instant paidAt;
        private Instant createdAt;
        private Instant updatedAt;

        private Builder() {}

        public Builder id(UUID value) { id = value; return this; }
        public Builder scope(TenantScope value) { scope = value; return this; }
        public Builder source(String value) { source = value; return this; }
        public Builder externalPaymentId(String value) { externalPaymentId = value; return this; }
        public Builder kind(PaymentKind value) { kind = value; return this; }
        public Builder customerId(Optional<UUID> value) { customerId = value; return this; }
        public Builder customerExternalId(Optional<String> value) { customerExternalId = value; return this; }
        public Builder amount(Money value) { amount = value; return this; }
        public Builder applicationAmount(Optional<Money> value) { applicationAmount = value; return this; }
        public Builder applied(Money value) { applied = value; return this; }
        public Builder credit(Money value) { credit = value; return this; }
        public Builder outcome(PaymentOutcome value) { outcome = value; return this; }
        public Builder exchangeRateId(Optional<UUID> value) { exchangeRateId = value; return this; }
        public Builder exchangeRateUsed(Optional<String> value) { exchangeRateUsed = value; return this; }
        public Builder requestId(Optional<String> value) { requestId = value; return this; }
        public Builder providerPaymentId(Optional<String> value) { providerPaymentId = value; return this; }
        public Builder paidAt(Instant value) { paidAt = value; return this; }
        public Builder createdAt(Instant value) { createdAt = value; return this; }
        public Builder updatedAt(Instant value) { updatedAt = value; return this; }

        /** What an allocation decided: the amounts applied and credited, and the outcome. */
        public Builder allocated(Allocation allocation) {
            return applied(allocation.applied()).credit(allocation.credit()).outcome(allocation.outcome());
        }

        public Payment build() {
            return new Payment(id, scope, source, externalPaymentId, kind, customerId, customerExternalId, amount,
                    applicationAmount, applied, credit, outcome, exchangeRateId, exchangeRateUsed, requestId, providerPaymentId,
                    paidAt, createdAt, updatedAt);
        }
    }

    /** What is neither applied nor credited, in the application currency. */
    public Optional<Money> unapplied() {
        return applicationAmount.map(total -> total.minus(applied).minus(credit));
    }

    /**
     * Whether the integrations API shows it to its partner: every kind, but an external payment
     * only when it was made for an invoice, which gives it that invoice's customer and partner. One
     * without an invoice is on no partner's document; the external payments API shows it.
     */
    public boolean shownByIntegrations() {
        return kind != PaymentKind.EXTERNAL || customerId.isPresent();
    }
}
