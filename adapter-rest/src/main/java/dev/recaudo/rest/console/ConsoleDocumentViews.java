package dev.recaudo.rest.console;

import dev.recaudo.application.integration.CollectionDocumentsUseCase.DocumentView;
import dev.recaudo.application.report.DocumentBrowsingUseCase.Detail;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.DocumentLine;
import dev.recaudo.domain.money.Money;
import dev.recaudo.domain.report.DocumentTrail.BookedEntry;
import dev.recaudo.domain.report.DocumentTrail.EventDelivery;
import dev.recaudo.rest.integration.IntegrationViews;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Documents as the console's templates read them: words in the reader's language, amounts in its locale, days in the company's zone. */
final class ConsoleDocumentViews {

    /** The statuses a list may be filtered by, in the order the filter offers them (the integrations API's names). */
    static final List<String> STATUSES = List.of("open", "partially_paid", "paid", "conciliated", "canceled", "failed");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ConsoleDocumentViews() {}

    static String statusName(String status, ConsoleTexts texts) {
        return texts.word(switch (status) {
            case "open" -> "statusOpen";
            case "partially_paid" -> "statusPartiallyPaid";
            case "paid" -> "statusPaid";
            case "conciliated" -> "statusConciliated";
            case "canceled" -> "statusCanceled";
            default -> "statusFailed";
        });
    }

    /** One row of the list. */
    static Map<String, Object> row(DocumentView view, ZoneId zone, ConsoleTexts texts) {
        CollectionDocument document = view.document();
        String status = IntegrationViews.status(document);
        return Map.of("id", document.id().value().toString(), "number", number(document), "customer", view.customer().profile().name(),
                "partner", document.source(), "status", status, "statusName", statusName(status, texts),
                "due", document.details().dueAt().map(due -> document.channel().dueDay(due, zone).toString()).orElse(""), "total", texts.amount(document.total()),
                "balance", texts.amount(document.balance()));
    }

    /** Everything the detail page shows. */
    static Map<String, Object> detail(Detail detail, ConsoleTexts texts) {
        CollectionDocument document = detail.view().document();
        ZoneId zone = detail.timeZone();
        String status = IntegrationViews.status(document);
        Map<String, Object> shown = new HashMap<>(row(detail.view(), zone, texts));
        shown.put("externalId", document.externalDocumentId());
        shown.put("customerId", detail.view().customer().companyCustomerId().toString());
        shown.put("currency", document.total().currency().name());
        shown.put("applied", texts.amount(document.applied()));
        shown.put("issued", day(document.details().issueDate(), zone));
        shown.put("statusName", statusName(status, texts));
        shown.put("lines", detail.view().lines().stream().map(line -> line(line, document, texts)).toList());
        shown.put("payments", detail.view().applications().stream().map(applied -> Map.<String, Object>of(
                "externalId", applied.externalPaymentId(), "kind", applied.kind().wireName(), "partner", applied.source(),
                "amount", texts.amount(applied.amount()), "at", WHEN.format(applied.appliedAt()))).toList());
        shown.put("entries", detail.entries().stream().map(entry -> entry(entry, texts)).toList());
        shown.put("deliveries", detail.deliveries().stream().map(ConsoleDocumentViews::delivery).toList());
        return shown;
    }

    private static Map<String, Object> line(DocumentLine line, CollectionDocument document, ConsoleTexts texts) {
        return Map.of("quantity", line.quantity(), "unit", texts.amount(Money.of(line.unitAmountMinor(), document.total().currency())),
                "amount", texts.amount(Money.of(line.amountMinor(), document.total().currency())),
                "description", line.description().orElse(""));
    }

    private static Map<String, Object> entry(BookedEntry entry, ConsoleTexts texts) {
        boolean debit = entry.amount().amountMinor() > 0;
        String amount = texts.amount(debit ? entry.amount() : entry.amount().negate());
        return Map.of("id", entry.entryId(), "kind", entry.kind().name().toLowerCase(Locale.ROOT), "account", entry.account(),
                "debit", debit ? amount : "", "credit", debit ? "" : amount, "at", WHEN.format(entry.bookedAt()));
    }

    private static Map<String, Object> delivery(EventDelivery delivery) {
        return Map.of("id", delivery.deliveryId().toString(), "event", delivery.eventType(), "url", delivery.url(),
                "status", delivery.status().toLowerCase(Locale.ROOT), "attempts", delivery.attempts(),
                "answer", delivery.lastStatusCode().map(String::valueOf).orElse("—"), "at", WHEN.format(delivery.updatedAt()));
    }

    private static String number(CollectionDocument document) {
        return document.details().invoiceNumber().orElse(document.details().name());
    }

    private static String day(Optional<Instant> instant, ZoneId zone) {
        return instant.map(at -> LocalDate.ofInstant(at, zone).toString()).orElse("");
    }
}
