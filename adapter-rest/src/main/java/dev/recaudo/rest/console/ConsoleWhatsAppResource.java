package dev.recaudo.rest.console;

import dev.recaudo.application.messaging.MessagingEventsUseCase;
import dev.recaudo.application.messaging.MessagingEventsUseCase.EventsPage;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.domain.messaging.EventFilter;
import dev.recaudo.domain.messaging.MessageStatus;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The WhatsApp events summary (docs/console.md): the statuses WhatsApp reported for the company's
 * messages, counted by status and listed 50 a page, filtered by days (UTC), status and phone, through
 * the messaging query the API serves ({@code GET /v1/whatsapp/events}).
 */
@Path(ConsolePaths.ROOT + "/integration/whatsapp")
@Produces(MediaType.TEXT_HTML)
public class ConsoleWhatsAppResource {

    private static final int PAGE_SIZE = 50;
    private static final int PAGE_MAX = 100_000;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    MessagingEventsUseCase events;

    @Inject
    ConsoleGate gate;

    @Inject
    @Location("console-whatsapp.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@QueryParam("from") String from, @QueryParam("until") String until, @QueryParam("status") String status,
            @QueryParam("phone") String phone, @QueryParam("page") String pageNumber,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Map<String, String> asked = new LinkedHashMap<>();
            asked.put("from", ConsoleQueries.blankToNull(from));
            asked.put("until", ConsoleQueries.blankToNull(until));
            asked.put("status", ConsoleQueries.blankToNull(status));
            asked.put("phone", ConsoleQueries.blankToNull(phone));
            Optional<LocalDate> first = ConsoleQueries.day(asked.get("from"));
            Optional<LocalDate> last = ConsoleQueries.day(asked.get("until"));
            Optional<MessageStatus> chosen = Optional.ofNullable(asked.get("status")).flatMap(name -> WireNamed.find(MessageStatus.values(), name));
            long number = ConsoleQueries.blankToNull(pageNumber) == null ? 1 : pageNumber.matches("[0-9]{1,6}") ? Long.parseLong(pageNumber) : 0;
            boolean unreadable = (asked.get("from") != null && first.isEmpty()) || (asked.get("until") != null && last.isEmpty())
                    || (asked.get("status") != null && chosen.isEmpty()) || (asked.get("phone") != null && asked.get("phone").length() > 64)
                    || number < 1 || number > PAGE_MAX;
            if (unreadable) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badFilter"), texts, visited.root());
            }
            EventFilter filter = new EventFilter(first.map(day -> day.atStartOfDay(ZoneOffset.UTC).toInstant()),
                    last.map(day -> day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()),
                    Optional.ofNullable(asked.get("phone")).map(EventFilter::digitsOf), chosen);
            EventsPage shown = events.query(visited.scope(), filter, number, PAGE_SIZE);
            Map<String, String> next = new LinkedHashMap<>(asked);
            next.put("page", Long.toString(number + 1));
            Map<String, String> previous = new LinkedHashMap<>(asked);
            previous.put("page", Long.toString(number - 1));
            return ConsolePaths.page(200, visited.fill(page)
                    .data("summary", shown.summary())
                    .data("events", shown.events().stream().map(event -> Map.<String, Object>of("message", event.messageId(),
                            "status", event.status().wireName(), "recipient", event.recipientPhone(),
                            "when", WHEN.format(event.providerTimestamp().orElse(event.receivedAt())),
                            "error", event.errorCode().map(code -> code + event.errorTitle().map(title -> " " + title).orElse(""))
                                    .orElse(""))).toList())
                    .data("asked", asked)
                    .data("statuses", Arrays.stream(MessageStatus.values())
                            .map(each -> Map.of("value", each.wireName(), "name", texts.word(each.wireName()))).toList())
                    .data("next", number < shown.totalPages() ? "?" + ConsoleQueries.query(next) : null)
                    .data("previous", number > 1 ? "?" + ConsoleQueries.query(previous) : null)
                    .render(), texts);
        });
    }
}
