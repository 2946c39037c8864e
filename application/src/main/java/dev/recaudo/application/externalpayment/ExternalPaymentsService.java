package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.PaymentCounts;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.invoice.DocumentBook;
import dev.recaudo.application.invoice.InvoiceLifecycleService;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.externalpayment.CallbackAttempt;
import dev.recaudo.domain.externalpayment.ExternalPayment;
import dev.recaudo.domain.externalpayment.ExternalPaymentCallbacks;
import dev.recaudo.domain.externalpayment.ExternalPaymentMode;
import dev.recaudo.domain.externalpayment.ExternalPaymentRepository;
import dev.recaudo.domain.externalpayment.ExternalPaymentStatus;
import dev.recaudo.domain.ledger.Ledger;
import dev.recaudo.domain.metrics.OperationalMetrics;
import dev.recaudo.domain.metrics.PaymentCount;
import dev.recaudo.domain.metrics.PaymentFamily;
import dev.recaudo.domain.metrics.PaymentRefusal;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import dev.recaudo.domain.payment.PaymentRepository;
import dev.recaudo.domain.webhook.WebhookTargetPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The external payments API. A hosted payment waits for the payer on the hosted page; a direct one
 * is recorded pending here, and charged through the {@link PaymentProcessor} by
 * {@link DirectChargeService} once that record has committed, so a crash while the processor
 * answers leaves a pending payment, never money without a record.
 */
public final class ExternalPaymentsService implements ExternalPaymentsUseCase, CompleteExternalPaymentUseCase {

    private final ExternalPaymentRepository externalPayments;
    private final ExternalPaymentCallbacks callbacks;
    private final CollectionDocumentRepository documents;
    private final PaymentRepository payments;
    private final ExternalPaymentCompletion completion;
    private final WebhookTargetPolicy targets;
    private final Processors processors;
    private final Transactions transactions;
    private final PaymentCounts counts;
    private final Clock clock;

    public ExternalPaymentsService(ExternalPaymentRepository externalPayments, ExternalPaymentCallbacks callbacks,
            CollectionDocumentRepository documents, PaymentRepository payments, Ledger ledger, DocumentBook book,
            WebhookTargetPolicy targets, Processors processors, Transactions transactions, OperationalMetrics metrics,
            Clock clock) {
        this.externalPayments = externalPayments;
        this.callbacks = callbacks;
        this.documents = documents;
        this.payments = payments;
        this.counts = new PaymentCounts(metrics, transactions);
        // A hosted payment's route closes with its document, so no money arrives for it that a rail must give back.
        this.completion = new ExternalPaymentCompletion(externalPayments, callbacks, documents, payments, ledger, book, counts,
                UntakenMoney.KEPT_AS_CREDIT);
        this.targets = targets;
        this.processors = processors;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Records the payment pending; a direct one is charged afterwards, by {@link DirectChargeUseCase}. */
    @Override
    public CreateResult create(CreatePayment command) {
        Processors.Availability availability = processors.availability(command.scope(), command.amount().currency());
        if (availability instanceof Processors.Availability.NoRail none) {
            return new CreateResult.ProcessorUnavailable(none.message());
        }
        if (availability instanceof Processors.Availability.CurrencyNotServed refused) {
            return new CreateResult.Rejected(Rejection.CURRENCY_NOT_SERVED, refused.message());
        }
        if (processors.of(command.scope()).isEmpty()) {
            return new CreateResult.ProcessorUnavailable();
        }
        Optional<String> refusedMethod = PaymentMethods.refusal(command);
        if (refusedMethod.isPresent()) {
            return new CreateResult.Rejected(Rejection.PAYMENT_METHOD_REFUSED, refusedMethod.get());
        }
        Optional<String> refusedCallback = command.callbackUrl().flatMap(url -> targets.check(url)
                instanceof WebhookTargetPolicy.TargetCheck.Refused refused ? Optional.of(refused.reason()) : Optional.empty());
        if (refusedCallback.isPresent()) {
            return new CreateResult.Rejected(Rejection.CALLBACK_REFUSED, refusedCallback.get());
        }
        return transactions.inTransaction(() -> createPending(command));
    }

    private CreateResult createPending(CreatePayment command) {
        Instant now = clock.instant();
        boolean hosted = command.mode() == ExternalPaymentMode.HOSTED;
        if (command.invoiceId().isPresent()) {
            Optional<CollectionDocument> document = documents.lock(command.scope(), command.invoiceId().get())
                    .filter(InvoiceLifecycleService.visibleTo(command.source()));
            if (document.isEmpty()) {
                return new CreateResult.Rejected(Rejection.INVOICE_NOT_FOUND, "invoiceId names no invoice of this company");
            }
            CollectionDocument invoice = document.get();
            if (invoice.total().currency() != command.amount().currency()) {
                return new CreateResult.Rejected(Rejection.CURRENCY_MISMATCH,
                        "the invoice is in " + invoice.total().currency() + ", not " + command.amount().currency());
            }
            if (!ExternalPaymentCompletion.takesPayment(invoice)) {
                return new CreateResult.Rejected(Rejection.INVOICE_NOT_PAYABLE, "the invoice is " + invoice.status()
                        + " and takes no payment");
            }
            if (!invoice.balance().equals(command.amount())) {
                // A part-payment would leave the invoice partly paid with no route to pay the rest.
                return new CreateResult.Rejected(Rejection.AMOUNT_NOT_OPEN_BALANCE, "must equal the invoice's open balance, "
                        + invoice.balance().amountMinor() + " " + invoice.balance().currency());
            }
            // One external payment at a time per invoice: a second one, while a hosted payment waits for the payer or a
            // direct charge may be with the processor, could only take the money twice. The invoice keeps its own
            // checkout: its payment_link opens the hosted payment's page while one is pending.
            if (externalPayments.anyPendingFor(command.scope(), invoice.id())) {
                return new CreateResult.Rejected(Rejection.INVOICE_ALREADY_COLLECTED,
                        "a pending external payment already collects this invoice");
            }
        }
        ExternalPayment payment = new ExternalPayment(UUID.randomUUID(), command.scope(), command.partner(),
                command.apiKeyId(), command.mode(), ExternalPaymentStatus.PENDING, command.amount(), command.invoiceId(),
                command.externalReference(), command.callbackUrl(), command.description(), command.redirectUrl(),
                hosted ? Optional.of(UUID.randomUUID()) : Optional.empty(), Optional.empty(), now, now);
        externalPayments.insert(payment);
        PaymentMethods.kept(command).ifPresent(method -> externalPayments.keepPaymentMethod(payment.scope(), payment.id(), method));
        return new CreateResult.Created(new ExternalPaymentView(payment, List.of(), Optional.empty()));
    }

    @Override
    public Optional<ExternalPaymentView> get(TenantScope scope, String partner, UUID id) {
        return externalPayments.find(scope, partner, id).map(this::view);
    }

    @Override
    public Page<ExternalPaymentView> list(TenantScope scope, String partner, int page, int size) {
        Page<ExternalPayment> found = externalPayments.page(scope, partner, page, size);
        Map<UUID, List<CallbackAttempt>> attempts =
                callbacks.attemptsOf(scope, found.items().stream().map(ExternalPayment::id).toList());
        Map<UUID, Payment> recorded = payments.findByIds(scope,
                        found.items().stream().flatMap(payment -> payment.paymentId().stream()).toList())
                .stream().collect(Collectors.toMap(Payment::id, Function.identity()));
        return new Page<>(found.items().stream()
                .map(payment -> new ExternalPaymentView(payment, attempts.getOrDefault(payment.id(), List.of()),
                        payment.paymentId().map(recorded::get)))
                .toList(), found.total(), found.number(), found.size());
    }

    @Override
    public CancelResult cancel(TenantScope scope, String partner, UUID id) {
        return transactions.inTransaction(() -> {
            Optional<ExternalPayment> found = externalPayments.lock(scope, partner, id);
            if (found.isEmpty()) {
                return new CancelResult.NotFound();
            }
            ExternalPayment payment = found.get();
            if (payment.status() == ExternalPaymentStatus.CANCELED) {
                return new CancelResult.Canceled(view(payment)); // a repeated cancel succeeds again
            }
            if (!payment.isPending() || payment.mode() == ExternalPaymentMode.DIRECT) {
                // A pending direct payment's charge may be with the processor: it completes or fails, never silently stops.
                return new CancelResult.NotCancelable(view(payment));
            }
            // The invoice's own checkout was never canceled: it is payable again as it is.
            ExternalPayment canceled = payment.canceled(clock.instant());
            externalPayments.update(canceled);
            return new CancelResult.Canceled(view(canceled));
        });
    }

    @Override
    public Completion completeHosted(TenantScope scope, Optional<String> partner, UUID checkoutId) {
        return completeHosted(scope, partner, checkoutId, Optional.empty());
    }

    @Override
    public Completion completeHosted(TenantScope scope, UUID checkoutId, String providerReference) {
        return completeHosted(scope, Optional.empty(), checkoutId, Optional.of(providerReference));
    }

    private Completion completeHosted(TenantScope scope, Optional<String> partner, UUID checkoutId,
            Optional<String> providerReference) {
        Completion result = transactions.inTransaction(() -> {
            // The invoice is locked before the payment, in the order every payment of the invoice takes.
            externalPayments.findByCheckout(checkoutId).filter(payment -> payment.scope().equals(scope))
                    .flatMap(ExternalPayment::invoiceId).ifPresent(invoiceId -> documents.lock(scope, invoiceId));
            Optional<ExternalPayment> found = externalPayments.lockByCheckout(checkoutId)
                    .filter(payment -> payment.scope().equals(scope))
                    .filter(payment -> partner.map(payment.partner()::equals).orElse(true));
            if (found.isEmpty()) {
                return new Completion.NotFound();
            }
            ExternalPayment payment = found.get();
            if (payment.status() == ExternalPaymentStatus.COMPLETED) {
                return new Completion.AlreadyCompleted(payment);
            }
            // Canceled with its route (or failed) while the payer completed a card session: the money was taken, so the
            // payment completes after all, and the completion books what its invoice no longer takes as credit.
            boolean takenByRail = providerReference.isPresent() && !payment.isPending();
            if (!payment.isPending() && !takenByRail) {
                return new Completion.NotPayable(payment);
            }
            // The charge's reference on the payment too, as a direct charge's answer leaves it: a refund made at the
            // processor's dashboard or a lost dispute of this charge then finds the payment.
            providerReference.ifPresent(reference -> externalPayments.chargeAnswered(scope, payment.id(), Optional.of(reference),
                    Optional.empty()));
            return new Completion.Completed(completion.complete(payment, providerReference, clock.instant()));
        });
        // A completion counts itself, with its outcome, when it commits.
        if (result instanceof Completion.AlreadyCompleted) {
            counts.whenCommitted(PaymentCount.of(PaymentFamily.EXTERNAL, PaymentOutcome.ALREADY_PROCESSED));
        } else if (result instanceof Completion.NotFound) {
            counts.whenSettled(PaymentCount.rejected(PaymentFamily.EXTERNAL, PaymentRefusal.NOT_FOUND));
        } else if (result instanceof Completion.NotPayable) {
            counts.whenSettled(PaymentCount.rejected(PaymentFamily.EXTERNAL, PaymentRefusal.NOT_PAYABLE));
        }
        return result;
    }

    private ExternalPaymentView view(ExternalPayment payment) {
        return ExternalPaymentView.of(payment, callbacks, payments);
    }
}
