package dev.recaudo.application.report;

import dev.recaudo.application.integration.CollectionDocumentsUseCase.DocumentView;
import dev.recaudo.domain.common.ChangePosition;
import dev.recaudo.domain.common.ChangeSlice;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.document.DocumentStatus;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.report.DocumentTrail.BookedEntry;
import dev.recaudo.domain.report.DocumentTrail.EventDelivery;
import dev.recaudo.domain.webhook.WebhookDelivery;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Inbound port: a company's documents as its people browse them, every partner's at once: a list
 * with filters, paged by cursor in the order the integrations API lists them, and one document with
 * its lines, payments, ledger entries and event deliveries.
 */
public interface DocumentBrowsingUseCase {

    /** Documents per page of the console's list. */
    int PAGE_SIZE = 50;

    Listed list(TenantScope scope, Filters filters, Optional<ChangePosition> after);

    /** The document with its trail, or empty when the scope has no such document. */
    Optional<Detail> detail(TenantScope scope, DocumentId id);

    /**
     * Sends one of the document's listed deliveries again, as {@code POST .../deliveries/{id}/redeliver}
     * does: only a delivery of this document's events in the scope's environment (empty otherwise).
     */
    Optional<WebhookDelivery> redeliver(TenantScope scope, DocumentId document, UUID deliveryId);

    /** A page of the list, with the company's time zone to show its dates in. */
    record Listed(ChangeSlice<DocumentView> page, ZoneId timeZone) {}

    /**
     * What a list shows: any of {@code statuses} (all when empty; {@code withMoneyApplied} tells an
     * open document from a partly paid one), one currency, one customer, and due dates between two
     * days of the company's calendar (both included).
     */
    record Filters(Set<DocumentStatus> statuses, Optional<Boolean> withMoneyApplied, Optional<CurrencyCode> currency,
            Optional<UUID> customerId, Optional<LocalDate> dueFrom, Optional<LocalDate> dueTo) {

        public Filters {
            statuses = Set.copyOf(statuses);
        }

        public static Filters none() {
            return new Filters(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }
    }

    /** One document with everything the console shows of it, and the company's time zone. */
    record Detail(DocumentView view, List<BookedEntry> entries, List<EventDelivery> deliveries, ZoneId timeZone) {}
}
