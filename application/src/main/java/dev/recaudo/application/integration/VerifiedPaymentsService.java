package dev.recaudo.application.integration;

import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.customer.KnownCustomers;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.DocumentBook.ReceivedPart;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.CustomerLink;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.ledger.Entry;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.ledger.Transfer;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.payment.Allocation;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentListQuery;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.payment.PaymentRepository.LockedVerified;
import dev.recaudo.domain.payment.PaymentRepository.PaidDocument;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Applies partner-verified payments exactly once. Every request about one payment takes the same
 * identity lock first, reading the payment and its customer's link under it in the same round trip;
 * the listed documents are then locked once, in a fixed order (by id), so payments listing the same
 * documents in different orders queue instead of deadlocking. The answer to a request that applies
 * is built from what it wrote; a repeated request reads the payment's answer back. The allocation
 * follows {@link Allocation}'s decision table, and every movement is a balanced transfer:
 * the payment arrives in {@code unapplied_payment:<id>} and leaves it to receivables or credit.
 */
public final class VerifiedPaymentsService implements VerifiedPaymentsUseCase {

    private final PaymentRepository payments;
    private final KnownCustomers knownCustomers;
    private final ListedDocuments listedDocuments;
    private final PaymentViews views;
    private final Ledger ledger;
    private final DocumentBook book;
    private final Transactions transactions;
    private final VerifiedPaymentCounts counts;
    private final Clock clock;

    public VerifiedPaymentsService(
            PaymentRepository payments,
            CollectionDocumentRepository documents,
            CustomerRepository customers,
            Ledger ledger,
            DocumentBook book,
            Transactions transactions,
            OperationalMetrics metrics,
            Clock clock) {
        this.payments = payments;
        this.knownCustomers = new KnownCustomers(customers);
        this.listedDocuments = new ListedDocuments(documents);
        this.views = new PaymentViews(payments, documents, knownCustomers);
        this.ledger = ledger;
        this.book = book;
        this.transactions = transactions;
        this.counts = new VerifiedPaymentCounts(metrics, transactions);
        this.clock = clock;
    }

    @Override
    public ApplyResult apply(VerifiedPayment command) {
        return counts.counted(PaymentFamily.VERIFIED, inOneTransaction(() -> applyLocked(command)));
    }

    @Override
    public ApplyResult certify(CertifiedRateCommand command) {
        return counts.counted(PaymentFamily.CERTIFIED_RATE, inOneTransaction(() -> certifyLocked(command)));
    }

    /**
     * Runs a request about one payment in one transaction whose first statement takes the payment's
     * identity lock ({@link PaymentRepository#lockVerified}), so requests about the same payment
     * queue; a rejected request rolls back what it wrote.
     */
    private ApplyResult inOneTransaction(Supplier<ApplyResult> request) {
        return transactions.inTransactionOrRollback(ApplyResult.class, request);
    }

    private ApplyResult applyLocked(VerifiedPayment command) {
        TenantScope scope = command.scope();
        LockedVerified locked = payments.lockVerified(scope, command.source(), command.externalPaymentId(),
                Optional.of(command.customerExternalId()));
        Optional<Payment> existing = locked.payment();
        if (existing.isPresent() && existing.get().outcome() != PaymentOutcome.NO_OPEN_DOCUMENTS) {
            return new ApplyResult.AlreadyProcessed(views.read(existing.get()));
        }
        CustomerLink link = locked.customerLink()
                .orElseThrow(() -> PaymentRollback.rejected(Rejection.CUSTOMER_NOT_FOUND, command.customerExternalId()));
        UUID customerId = link.companyCustomerId();
        List<CollectionDocument> listed = listedDocuments.resolve(scope, command.source(), customerId, command.documents());
        CurrencyCode documentCurrency = listed.get(0).total().currency();
        if (!Payment.VERIFIED_CURRENCIES.contains(documentCurrency)) {
            // It would wait for a certified rate in a currency no rate may name: refused, nothing kept.
            throw PaymentRollback.rejected(Rejection.DOCUMENT_CURRENCY_NOT_SETTLEABLE, documentCurrency.name());
        }
        Instant now = clock.instant();
        Payment.Builder reported = Payment.builder().id(existing.map(Payment::id).orElseGet(UUID::randomUUID)).scope(scope)
                .kind(PaymentKind.VERIFIED).source(command.source()).externalPaymentId(command.externalPaymentId())
                .customerId(Optional.of(customerId)).customerExternalId(Optional.of(command.customerExternalId()))
                .amount(command.amount()).requestId(Optional.of(command.requestId())).paidAt(command.verifiedAt())
                .createdAt(existing.map(Payment::createdAt).orElse(now)).updatedAt(now);

        if (documentCurrency != command.amount().currency()) {
            Payment pending = reported.applied(Money.zero(documentCurrency)).credit(Money.zero(documentCurrency))
                    .outcome(PaymentOutcome.NEEDS_CERTIFIED_RATE).build();
            save(pending, existing.isPresent());
            ledger.post(received(pending, now));
            return new ApplyResult.Processed(PaymentViews.written(pending, List.of(), link));
        }
        Allocation allocation = listedDocuments.allocate(command.amount(), command.documents(), listed);
        Payment payment = reported.applicationAmount(Optional.of(command.amount())).allocated(allocation).build();
        if (allocation.outcome() == PaymentOutcome.NO_OPEN_DOCUMENTS) {
            // Kept without money movement, so a corrected retry with the same external id applies it.
            save(payment, existing.isPresent());
            return new ApplyResult.NoOpenDocuments(PaymentViews.written(payment, List.of(), link));
        }
        save(payment, existing.isPresent());
        return new ApplyResult.Processed(PaymentViews.written(payment,
                settle(payment, allocation, listed, customerId, now, received(payment, now)), link));
    }

    private ApplyResult certifyLocked(CertifiedRateCommand command) {
        TenantScope scope = command.scope();
        Payment payment = payments.lockVerified(scope, command.source(), command.externalPaymentId(), Optional.empty()).payment()
                .orElseThrow(() -> PaymentRollback.rejected(Rejection.PAYMENT_NOT_FOUND, command.externalPaymentId()));
        if (payment.outcome() != PaymentOutcome.NEEDS_CERTIFIED_RATE) {
            throw PaymentRollback.rejected(Rejection.NOT_AWAITING_RATE, payment.outcome().wireName());
        }
        // The rate converts into the payment's application currency, whatever it is: a payment kept
        // waiting for a COP, MXN or CRC rate before documents were limited to USD and VES completes too.
        if (command.refCurrency() != payment.applied().currency()) {
            throw PaymentRollback.rejected(Rejection.REFERENCE_CURRENCY_MISMATCH, payment.applied().currency().name());
        }
        Money converted = command.rate().convert(payment.amount(), command.refCurrency())
                .orElseThrow(() -> PaymentRollback.rejected(Rejection.CONVERSION_ABOVE_MAXIMUM,
                        Long.toString(payment.amount().amountMinor())));
        if (converted.amountMinor() != command.refAmountMinor()) {
            throw PaymentRollback.rejected(Rejection.REFERENCE_AMOUNT_MISMATCH, Long.toString(converted.amountMinor()));
        }
        UUID customerId = payment.customerId().orElseThrow();
        List<CollectionDocument> listed = listedDocuments.resolve(scope, command.source(), customerId, command.documents());
        if (listed.get(0).total().currency() != command.refCurrency()) {
            throw PaymentRollback.rejected(Rejection.REFERENCE_CURRENCY_MISMATCH, listed.get(0).total().currency().name());
        }
        Allocation allocation = listedDocuments.allocate(converted, command.documents(), listed);
        if (allocation.outcome() == PaymentOutcome.NO_OPEN_DOCUMENTS) {
            throw new Rollback(new ApplyResult.NoOpenDocuments(views.read(payment)));
        }
        Instant now = clock.instant();
        UUID rateId = UUID.randomUUID();
        payments.insertExchangeRate(new PaymentRepository.ExchangeRate(rateId, scope, payment.id(), payment.amount().currency(),
                command.refCurrency(), command.rate().text(), command.effectiveDate(), command.apiKeyId(),
                Optional.of(command.requestId()), now));
        AccountCode unapplied = AccountCode.unappliedPayment(payment.id());
        Transfer conversion = new Transfer(UUID.randomUUID(), scope, TransferKind.CURRENCY_CONVERTED, List.of(
                Entry.debit(unapplied, payment.amount()),
                Entry.credit(AccountCode.currencyExchange(), payment.amount()),
                Entry.debit(AccountCode.currencyExchange(), converted),
                Entry.credit(unapplied, converted)),
                Optional.empty(), Optional.of(payment.id()), now);
        Payment certified = payment.toBuilder().applicationAmount(Optional.of(converted)).allocated(allocation)
                .exchangeRateId(Optional.of(rateId)).exchangeRateUsed(Optional.of(command.rate().text()))
                .requestId(Optional.of(command.requestId())).updatedAt(now).build();
        payments.update(certified);
        return new ApplyResult.Processed(views.withPaid(certified, settle(certified, allocation, listed, customerId, now, conversion)));
    }

    /**
     * The payment's money arrives: the partner's collections grow (debit) and the payment's own
     * unapplied account holds it (credit) until it is applied or credited.
     */
    private static Transfer received(Payment payment, Instant now) {
        return Transfer.move(payment.scope(), TransferKind.PAYMENT_RECEIVED, AccountCode.partnerCollections(payment.source()),
                AccountCode.unappliedPayment(payment.id()), payment.amount(), Optional.empty(), Optional.of(payment.id()), now);
    }

    /**
     * Applies the allocation to the documents {@code listed} holds, as locked, posting {@code first}
     * (the money's arrival or conversion) in the same ledger call; what each document was paid and
     * owes afterwards, in the order applied.
     */
    private List<PaidDocument> settle(Payment payment, Allocation allocation, List<CollectionDocument> listed, UUID customerId,
            Instant now, Transfer first) {
        Map<DocumentId, CollectionDocument> locked = new HashMap<>();
        listed.forEach(document -> locked.put(document.id(), document));
        List<ReceivedPart> parts = allocation.applications().stream()
                .map(application -> new ReceivedPart(locked.get(application.documentId()), application.amount())).toList();
        List<CollectionDocument> applied = book.applyReceived(payment, parts, 0, now, List.of(first));
        List<PaidDocument> paid = new ArrayList<>();
        for (int position = 0; position < parts.size(); position++) {
            CollectionDocument document = applied.get(position);
            paid.add(new PaidDocument(document.id(), document.externalDocumentId(), parts.get(position).amount(),
                    document.balance()));
        }
        if (allocation.credit().isPositive()) {
            ledger.post(Transfer.move(payment.scope(), TransferKind.CREDIT_CREATED, AccountCode.unappliedPayment(payment.id()),
                    AccountCode.customerCredit(customerId), allocation.credit(), Optional.empty(), Optional.of(payment.id()),
                    now));
        }
        return paid;
    }

    private void save(Payment payment, boolean exists) {
        if (exists) {
            payments.update(payment);
        } else {
            payments.insert(payment);
        }
    }

    @Override
    public Optional<PaymentView> get(TenantScope scope, String source, String externalPaymentId) {
        return payments.find(scope, source, externalPaymentId).map(views::read);
    }

    @Override
    public ChangeSlice<PaymentView> list(TenantScope scope, PaymentListQuery query, Optional<String> customerExternalId) {
        return knownCustomers.list(scope, query, customerExternalId, narrowed -> payments.list(scope, narrowed))
                .map(views::read);
    }
}
