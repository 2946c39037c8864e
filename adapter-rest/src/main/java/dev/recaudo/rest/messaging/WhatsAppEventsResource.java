package dev.recaudo.rest.messaging;

import dev.recaudo.application.apikey.ApiKeyAuthenticationUseCase.KeyPrincipal;
import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.messaging.MessagingEventsUseCase.EventsPage;
import dev.recaudo.domain.apikey.Permission;
import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.EventSummary;
import dev.recaudo.domain.messaging.MessageStatus;
import dev.recaudo.domain.messaging.MessagingEvent;
import dev.recaudo.rest.auth.PublicApi;
import dev.recaudo.rest.auth.RequiresPermission;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.DateRange;
import dev.recaudo.rest.common.FieldErrors;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /v1/whatsapp/events}: the company's messaging confirmations (docs/reference/messaging.md). */
@Path("/v1/whatsapp/events")
@PublicApi
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Messaging")
public class WhatsAppEventsResource {

    static final long PAGE_MAX = 90_071_992_547_409L;
    static final int LIMIT_MAX = 100;
    static final int LIMIT_DEFAULT = 20;
    static final int PHONE_MAX = 64;
    /** ISO 8601 with seconds (fractions allowed) and a zone: {@code Z} or {@code ±hh:mm}. */
    private static final Pattern DATE_TIME =
            Pattern.compile("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$");

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
        FieldErrors errors = new FieldErrors();
        if (companyId != null) {
            errors.add("companyId", "is not accepted: the company is the key's");
        }
        if (attribution != null) {
            errors.add("attribution", "is not accepted: events cover every confirmed origin of the company");
        }
        Optional<Instant> from = dateTime(errors, "dateFrom", dateFrom);
        Optional<Instant> to = dateTime(errors, "dateTo", dateTo);
        if (from.isPresent() && to.isPresent() && to.get().isBefore(from.get())) {
            errors.add("dateTo", "must be equal to or later than dateFrom");
        }
        if (recipientPhone != null && (recipientPhone.isEmpty() || recipientPhone.length() > PHONE_MAX)) {
            errors.add("recipientPhone", "must have 1 to " + PHONE_MAX + " characters");
        }
        Optional<MessageStatus> wanted = Optional.ofNullable(status).flatMap(MessageStatus::fromWireName);
        if (status != null && wanted.isEmpty()) {
            errors.add("status", "must be sent, delivered, read or failed");
        }
        long pageNumber = number(errors, "page", page, PAGE_MAX, 1);
        int size = (int) number(errors, "limit", limit, LIMIT_MAX, LIMIT_DEFAULT);
        errors.throwIfAny();
        EventsPage found = messaging.query(key.scope(), new EventFilter(from, to, Optional.ofNullable(recipientPhone), wanted),
                pageNumber, size);
        return new EventsBody(found.events().stream().map(EventBody::of).toList(), found.summary(), found.page(),
                found.limit(), found.totalPages());
    }

    private static Optional<Instant> dateTime(FieldErrors errors, String name, String text) {
        if (text == null) {
            return Optional.empty();
        }
        Optional<Instant> instant = DATE_TIME.matcher(text).matches() ? DateRange.dateTime(text) : Optional.empty();
        if (instant.isEmpty()) {
            errors.add(name, "must be an ISO 8601 date-time with seconds and a time zone (2026-05-01T00:00:00Z), "
                    + DateRange.DATE_TIMES);
        }
        return instant;
    }

    private static long number(FieldErrors errors, String name, String text, long max, long absent) {
        if (text == null) {
            return absent;
        }
        if (text.matches("[0-9]{1,15}")) {
            long value = Long.parseLong(text);
            if (value >= 1 && value <= max) {
                return value;
            }
        }
        errors.add(name, "must be an integer from 1 to " + max);
        return absent;
    }
}
