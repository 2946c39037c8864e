package dev.recaudo.rest.messaging;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.messaging.MessagingEventsUseCase.EventsPage;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.messaging.EventSummary;
import dev.recaudo.domain.messaging.MessagingEvent;
import dev.recaudo.rest.auth.PublicApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.messaging.WhatsAppEventsRequests.EventsQuery;
import dev.recaudo.rest.messaging.WhatsAppEventsRequests.EventsRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /v1/whatsapp/events}: the company's messaging confirmations (docs/reference/messaging.md). */
@Path("/v1/whatsapp/events")
@PublicApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messaging")
public class WhatsAppEventsResource {

    @Inject
    MessagingEventsUseCase messaging;

    @Inject
    Caller caller;

    public record EventBody(UUID id, String messageId, String status, String recipientPhone, Instant receivedAt,
            Instant providerTimestamp, String errorCode, String errorTitle) {

        static EventBody of(MessagingEvent event) {
            return new EventBody(event.id(), event.messageId(), event.status().wireName(), event.recipientPhone(),
                    event.receivedAt(), event.providerTimestamp().orElse(null), event.errorCode().orElse(null),
                    event.errorTitle().orElse(null));
        }
    }

    public record EventsBody(List<EventBody> events, EventSummary summary, long page, int limit, long totalPages) {}

    @GET
    @RequiresPermission(Permission.WHATSAPP_EVENTS_READ)
    @Operation(operationId = "listWhatsAppEvents", summary = "Messaging confirmations of the key's company, newest first")
    @APIResponse(responseCode = "200", description = "A page of events and the totals of the whole filter")
    public EventsBody list(@QueryParam("dateFrom") String dateFrom, @QueryParam("dateTo") String dateTo,
            @QueryParam("recipientPhone") String recipientPhone, @QueryParam("status") String status,
            @QueryParam("page") String page, @QueryParam("limit") String limit, @QueryParam("companyId") String companyId,
            @QueryParam("attribution") String attribution) {
        KeyPrincipal key = caller.key();
        EventsRequest request = WhatsAppEventsRequests.read(
                new EventsQuery(dateFrom, dateTo, recipientPhone, status, page, limit, companyId, attribution));
        EventsPage found = messaging.query(key.scope(), request.filter(), request.page(), request.limit());
        return new EventsBody(found.events().stream().map(EventBody::of).toList(), found.summary(), found.page(),
                found.limit(), found.totalPages());
    }
}
