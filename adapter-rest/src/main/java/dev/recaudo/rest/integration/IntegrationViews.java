package dev.recaudo.rest.integration;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.DocumentView;
import dev.recaudo.application.integration.VerifiedPaymentsUseCase.PaymentView;
import dev.recaudo.domain.customer.KnownCustomer;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.payment.Payment;
import dev.recaudo.domain.payment.PaymentOutcome;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The integrations API's read shapes: one hop from the core's views, camelCase, minor units. */
public final class IntegrationViews {

    private IntegrationViews() {}

    /**
     * The document status as the integrations API names it: {@code open}, {@code partially_paid},
     * {@code paid}, {@code conciliated}, {@code canceled}, {@code failed}.
     */
    public static String status(CollectionDocument document) {
        return switch (document.status()) {
            case CREATED -> document.hasMoneyApplied() ? "partially_paid" : "open";
            case PAID, PAID_FROM_PROVIDER -> "paid";
            case CONCILIATED -> "conciliated";
            case DELETE_FROM_PROVIDER -> "canceled";
            case FAILED -> "failed";
        };
    }

    /** The central statuses an integrations status filter selects, and whether money must be applied. */
    public record StatusFilter(Set<DocumentStatus> statuses, Optional<Boolean> withMoneyApplied) {}

    public static Optional<StatusFilter> statusFilter(String status) {
        return Optional.ofNullable(switch (status) {
            case "open" -> new StatusFilter(EnumSet.of(DocumentStatus.CREATED), Optional.of(false));
            case "partially_paid" -> new StatusFilter(EnumSet.of(DocumentStatus.CREATED), Optional.of(true));
            case "paid" -> new StatusFilter(EnumSet.of(DocumentStatus.PAID, DocumentStatus.PAID_FROM_PROVIDER), Optional.empty());
            case "conciliated" -> new StatusFilter(EnumSet.of(DocumentStatus.CONCILIATED), Optional.empty());
            case "canceled" -> new StatusFilter(EnumSet.of(DocumentStatus.DELETE_FROM_PROVIDER), Optional.empty());
            case "failed" -> new StatusFilter(EnumSet.of(DocumentStatus.FAILED), Optional.empty());
            default -> null;
        });
    }

    @RegisterForReflection
    record CustomerSummary(UUID customerId, UUID companyCustomerId, String name, String email, String phone, String taxId,
            String customerCode) {
        static CustomerSummary of(KnownCustomer customer) {
            return new CustomerSummary(customer.customerId(), customer.companyCustomerId(), customer.profile().name(),
                    customer.profile().email().orElse(null), customer.profile().phone().orElse(null),
                    customer.profile().taxId().orElse(null), customer.profile().customerCode().orElse(null));
        }
    }

    @RegisterForReflection
    record Line(long quantity, long unitAmountMinor, long amountMinor, String description, Instant periodStart,
            Instant periodEnd) {
        static Line of(DocumentLine line) {
            return new Line(line.quantity(), line.unitAmountMinor(), line.amountMinor(), line.description().orElse(null),
                    line.periodStart().orElse(null), line.periodEnd().orElse(null));
        }
    }

    /** One application of a payment to the document; {@code provider} is the payment's kind, as the payments list names it. */
    @RegisterForReflection
    record AppliedPaymentView(UUID paymentId, long amountMinor, String source, String externalPaymentId,
            @Schema(description = "The payment's kind, as the payments list's provider filter names it",
                    enumeration = {"verified", "provider_settlement", "checkout", "external"}) String provider,
            String currency, String status, Instant appliedAt) {}

    @RegisterForReflection
    record Document(
            UUID invoiceId,
            UUID companyCustomerId,
            String source,
            String externalDocumentId,
            String customerExternalId,
            CustomerSummary customer,
            String currency,
            long totalMinor,
            long appliedMinor,
            long balanceMinor,
            String status,
            String invoiceStatus,
            List<Line> lines,
            List<AppliedPaymentView> appliedPayments,
            String invoiceNumber,
            String description,
            Instant issueDate,
            Instant dueDate,
            @JsonRawValue @Schema(type = SchemaType.OBJECT, description = "Opaque JSON object") String metadata,
            Instant createdAt,
            Instant updatedAt) {}

    static Document document(DocumentView view) {
        CollectionDocument document = view.document();
        return new Document(document.id().value(), document.customerId(), document.source(), document.externalDocumentId(),
                document.customerExternalId().orElse(null), CustomerSummary.of(view.customer()),
                document.total().currency().name(), document.total().amountMinor(), document.applied().amountMinor(),
                document.balance().amountMinor(), status(document), document.status().name(),
                view.lines().stream().map(Line::of).toList(),
                view.applications().stream().map(a -> new AppliedPaymentView(a.paymentId(), a.amount().amountMinor(),
                        a.source(), a.externalPaymentId(), a.kind().wireName(), a.amount().currency().name(), "applied",
                        a.appliedAt())).toList(),
                document.details().invoiceNumber().orElse(null), document.details().description().orElse(null),
                document.details().issueDate().orElse(null), document.details().dueAt().orElse(null),
                document.metadataJson().orElse(null), document.createdAt(), document.updatedAt());
    }

    @RegisterForReflection
    record PaymentDocument(UUID invoiceId, String externalDocumentId, String currency, long appliedMinor, long balanceMinor,
            String status) {}

    @RegisterForReflection
    record PaymentCustomer(UUID customerId, UUID companyCustomerId, String name, String email) {}

    @RegisterForReflection
    record PaymentBody(
            UUID paymentId,
            String source,
            String externalPaymentId,
            @Schema(description = "The payment's kind, as the list's provider filter names it",
                    enumeration = {"verified", "provider_settlement", "checkout", "external"}) String provider,
            String customerExternalId,
            UUID companyCustomerId,
            long amountMinor,
            String paymentCurrency,
            String applicationCurrency,
            String status,
            long totalAppliedMinor,
            long creditCreatedMinor,
            Long unappliedMinor,
            List<PaymentDocument> documents,
            PaymentCustomer customer,
            String paymentStatus,
            String pendingReason,
            Instant paidAt,
            Instant createdAt,
            Instant updatedAt,
            UUID exchangeRateId,
            String exchangeRateUsed,
            String requestId) {}

    /** The payment shape; {@code status} may differ from the stored outcome (already_processed). */
    static PaymentBody payment(PaymentView view, String status, String requestId) {
        Payment payment = view.payment();
        PaymentOutcome outcome = payment.outcome();
        boolean settled = outcome == PaymentOutcome.APPLIED || outcome == PaymentOutcome.CREDITED;
        String pendingReason = switch (outcome) {
            case PARTIALLY_APPLIED -> "unapplied_remainder";
            case NEEDS_CERTIFIED_RATE -> "certified_rate_required";
            case NO_OPEN_DOCUMENTS -> "no_open_documents";
            default -> null;
        };
        return new PaymentBody(payment.id(), payment.source(), payment.externalPaymentId(), payment.kind().wireName(),
                payment.customerExternalId().orElse(null), payment.customerId().orElse(null), payment.amount().amountMinor(),
                payment.amount().currency().name(), payment.applied().currency().name(), status,
                payment.applied().amountMinor(), payment.credit().amountMinor(),
                payment.unapplied().map(u -> u.amountMinor()).orElse(null),
                view.documents().stream().map(d -> new PaymentDocument(d.documentId().value(), d.externalDocumentId(),
                        d.applied().currency().name(), d.applied().amountMinor(), d.balance().amountMinor(), "applied")).toList(),
                view.customer().map(c -> new PaymentCustomer(c.customerId(), c.companyCustomerId(), c.profile().name(),
                        c.profile().email().orElse(null))).orElse(null),
                settled ? "settled" : "pending", pendingReason, payment.paidAt(), payment.createdAt(), payment.updatedAt(),
                payment.exchangeRateId().orElse(null), payment.exchangeRateUsed().orElse(null), requestId);
    }
}
