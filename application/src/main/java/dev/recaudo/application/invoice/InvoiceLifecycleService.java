package dev.recaudo.application.invoice;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Rollback;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.customer.Customer;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.customer.CustomerRepository;
import dev.recaudo.domain.customer.TaxIdentity;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentDetails;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.document.DocumentLifecycle.AnnulVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.SettlementVerdict;
import dev.recaudo.domain.document.DocumentLifecycle.UpdateVerdict;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.ledger.AccountCode;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentKind;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

public final class InvoiceLifecycleService implements InvoiceLifecycleUseCase {

    private final CollectionDocumentRepository documents;
    private final CustomerRepository customers;
    private final PaymentRepository payments;
    private final DocumentBook book;
    private final Transactions transactions;
    private final PaymentCounts counts;
    private final Clock clock;

    public InvoiceLifecycleService(
            CollectionDocumentRepository documents,
            CustomerRepository customers,
            PaymentRepository payments,
            DocumentBook book,
            Transactions transactions,
            OperationalMetrics metrics,
            Clock clock) {
        this.documents = documents;
        this.customers = customers;
        this.payments = payments;
        this.book = book;
        this.transactions = transactions;
        this.counts = new PaymentCounts(metrics, transactions);
        this.clock = clock;
    }

    @Override
    public CreateResult create(CreateInvoice command) {
        return transactions.inTransactionOrRollback(CreateResult.class, () -> {
            Instant now = clock.instant();
            Customer customer = resolveCustomer(command, now);
            String identity = command.providerId()
                    .orElse(CollectionDocument.IDEMPOTENCY_IDENTITY_PREFIX + command.identityKey());
            CollectionDocument document = CollectionDocument.invoice(command.scope(), command.source(), identity,
                    command.providerId(), customer.id(), command.reference(), command.details(), command.metadataJson(),
                    command.amount(), now);
            if (documents.insert(document) == InsertOutcome.ALREADY_EXISTS) {
                // Rolls back the customer written before the document's identity turned out to be taken.
                throw new Rollback(new CreateResult.DuplicateDocument());
            }
            InvoiceView view = book.issued(document, now);
            book.announce(DocumentBook.INVOICE_CREATED, view, now);
            return new CreateResult.Created(view);
        });
    }

    /** The customer with the reference's tax identity; created from the invoice when new. */
    private Customer resolveCustomer(CreateInvoice command, Instant now) {
        TenantScope scope = command.scope();
        customers.lockIdentity(scope, "tax:" + command.taxIdentity());
        return customers.findByTaxIdentity(scope, command.taxIdentity()).orElseGet(() -> {
            Customer created = Customer.create(scope, new CustomerProfile(Optional.empty(), command.details().name(),
                    command.details().email(), command.details().phone(), Optional.of(command.reference()), Optional.empty()),
                    now);
            customers.insert(created);
            return created;
        });
    }

    @Override
    public Optional<InvoiceView> get(TenantScope scope, Optional<String> source, DocumentId id) {
        return documents.find(scope, id).filter(visibleTo(source)).map(book::view);
    }

    @Override
    public UpdateResult update(UpdateInvoice command) {
        return transactions.inTransaction(() -> {
            Optional<CollectionDocument> found = documents.lock(command.scope(), command.id()).filter(visibleTo(command.source()));
            if (found.isEmpty()) {
                return new UpdateResult.NotFound();
            }
            CollectionDocument document = found.get();
            if (command.expectedVersion().filter(version -> version != document.version()).isPresent()) {
                return new UpdateResult.Rejected(UpdateRejection.VERSION_CONFLICT);
            }
            if (command.providerId().filter(id -> !document.providerId().equals(Optional.of(id))).isPresent()) {
                return new UpdateResult.Rejected(UpdateRejection.PROVIDER_ID_IMMUTABLE);
            }
            if (!sameTaxIdentity(document.reference(), command.reference())) {
                return new UpdateResult.Rejected(UpdateRejection.REFERENCE_IDENTITY_CHANGED);
            }
            if (command.amount().currency() != document.total().currency()) {
                return new UpdateResult.Rejected(UpdateRejection.CURRENCY_CHANGED);
            }
            UpdateVerdict verdict = DocumentLifecycle.updateAmount(document, command.amount(),
                    documents.lines(command.scope(), document.id()));
            if (verdict instanceof UpdateVerdict.Rejected rejected) {
                return new UpdateResult.Rejected(switch (rejected.reason()) {
                    case PAYMENTS_APPLIED, MONEY_APPLIED -> UpdateRejection.PAYMENTS_APPLIED;
                    case SETTLED_AMOUNT_DIFFERS -> UpdateRejection.SETTLED_AMOUNT_DIFFERS;
                    case STATUS_FORBIDS -> UpdateRejection.STATUS_FORBIDS;
                    case TOTAL_FOLLOWS_LINES -> UpdateRejection.TOTAL_FOLLOWS_LINES;
                });
            }
            Instant now = clock.instant();
            DocumentDetails details = command.details();
            if (details.email().isEmpty()) {
                details = new DocumentDetails(details.name(), details.description(), details.phone(),
                        document.details().email(), details.invoiceNumber(), details.issueDate(), details.dueAt());
            }
            CollectionDocument described = document.withDetails(Optional.of(command.reference()), details, now);
            InvoiceView view = verdict instanceof UpdateVerdict.AmountChange
                    ? book.changeTotal(described, command.amount(), now)
                    : book.describe(described, now);
            return new UpdateResult.Updated(view);
        });
    }

    @Override
    public DeleteResult annul(TenantScope scope, Optional<String> source, DocumentId id) {
        return transactions.inTransaction(() -> {
            Optional<CollectionDocument> found = documents.lock(scope, id).filter(visibleTo(source));
            if (found.isEmpty()) {
                return new DeleteResult.NotFound();
            }
            AnnulVerdict verdict = DocumentLifecycle.annul(found.get());
            if (verdict instanceof AnnulVerdict.Rejected rejected) {
                return new DeleteResult.Rejected(rejected.reason());
            }
            if (verdict instanceof AnnulVerdict.Annul) {
                book.annul(found.get(), clock.instant());
            }
            return new DeleteResult.Done();
        });
    }

    @Override
    public DeleteResult settleFromProvider(TenantScope scope, Optional<String> source, DocumentId id, String providerPaymentId) {
        return transactions.inTransaction(() -> {
            Optional<CollectionDocument> found = documents.lock(scope, id).filter(visibleTo(source));
            if (found.isEmpty()) {
                counts.whenSettled(PaymentCount.rejected(PaymentFamily.PROVIDER_SETTLEMENT, PaymentRefusal.NOT_FOUND));
                return new DeleteResult.NotFound();
            }
            CollectionDocument document = found.get();
            SettlementVerdict verdict = DocumentLifecycle.settleFromProvider(document);
            if (verdict instanceof SettlementVerdict.Rejected rejected) {
                counts.whenSettled(PaymentCount.rejected(PaymentFamily.PROVIDER_SETTLEMENT, rejected.reason()));
                return new DeleteResult.Rejected(rejected.reason());
            }
            String settlementId = PaymentKind.PROVIDER_SETTLEMENT.externalPaymentIdOf(document.id().value());
            if (verdict instanceof SettlementVerdict.AlreadySettled) {
                boolean samePayment = payments.find(scope, document.source(), settlementId)
                        .flatMap(Payment::providerPaymentId)
                        .filter(providerPaymentId::equals)
                        .isPresent();
                if (!samePayment) {
                    counts.whenSettled(PaymentCount.rejected(PaymentFamily.PROVIDER_SETTLEMENT, PaymentRefusal.SETTLED_BY_ANOTHER_PAYMENT));
                    return new DeleteResult.SettledByAnotherPayment();
                }
                counts.whenCommitted(PaymentCount.of(PaymentFamily.PROVIDER_SETTLEMENT, PaymentOutcome.ALREADY_PROCESSED));
                return new DeleteResult.Done();
            }
            Instant now = clock.instant();
            Payment payment = Payment.settling(scope, document.source(), PaymentKind.PROVIDER_SETTLEMENT, document.id().value(),
                    document.customerId(), document.balance(), Optional.of(providerPaymentId), now);
            book.settle(document, payment, AccountCode.partnerCollections(document.source()), DocumentStatus.PAID_FROM_PROVIDER,
                    now);
            counts.whenCommitted(PaymentCount.of(PaymentFamily.PROVIDER_SETTLEMENT, payment.outcome()));
            return new DeleteResult.Done();
        });
    }

    /** Whether a key of the given partner (or of none: every partner) may see the document. */
    public static Predicate<CollectionDocument> visibleTo(Optional<String> source) {
        return document -> source.map(document.source()::equals).orElse(true);
    }

    private static boolean sameTaxIdentity(Optional<String> stored, String proposed) {
        return stored.flatMap(TaxIdentity::normalize).equals(TaxIdentity.normalize(proposed));
    }
}
