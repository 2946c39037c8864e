package dev.recaudo.rest.invoice;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.recaudo.application.invoice.PublicInvoiceProjection;
import dev.recaudo.domain.common.Page;
import dev.recaudo.domain.document.DocumentSummary;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The list of the public invoice API: its items and its page, in the shape and names partners know. */
public final class InvoiceViews {

    private InvoiceViews() {}

    public record InvoiceListItem(
            UUID id,
            String name,
            String provider,
            String provider_id,
            String reference,
            String status,
            String remarks,
            @JsonRawValue @Schema(type = SchemaType.OBJECT, description = "Opaque JSON object") String metadata,
            BigDecimal amount,
            String currency,
            LocalDate due_date,
            boolean is_test,
            Instant created_at,
            Instant updated_at) {

        static InvoiceListItem of(DocumentSummary document) {
            return new InvoiceListItem(document.id(), document.name(), document.source(), document.providerId(),
                    document.reference(), document.status().name(), document.remarks(), document.metadataJson(),
                    PublicInvoiceProjection.majorUnits(document.total()), document.total().currency().name(),
                    document.dueDate(), document.test(), document.createdAt(), document.updatedAt());
        }
    }

    /** A page in the shape partners know: {@code from} and {@code to} are null on an empty page. */
    public record InvoicePage(
            List<InvoiceListItem> data, int current_page, Long from, int last_page, int per_page, Long to, long total) {

        static InvoicePage of(Page<DocumentSummary> page) {
            boolean empty = page.items().isEmpty();
            return new InvoicePage(
                    page.items().stream().map(InvoiceListItem::of).toList(),
                    page.number(),
                    empty ? null : page.offset() + 1,
                    page.lastNumber(),
                    page.size(),
                    empty ? null : page.offset() + page.items().size(),
                    page.total());
        }
    }
}
