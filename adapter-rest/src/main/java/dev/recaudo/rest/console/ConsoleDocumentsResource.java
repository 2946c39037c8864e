package dev.recaudo.rest.console;

import dev.recaudo.application.report.DocumentBrowsingUseCase;
import dev.recaudo.application.report.DocumentBrowsingUseCase.Filters;
import dev.recaudo.application.report.DocumentBrowsingUseCase.Listed;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.document.DocumentId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.integration.IntegrationViews;
import dev.recaudo.rest.integration.SyncCursors;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's documents in the console (docs/console.md): a filtered list paged by cursor, one
 * document with its lines, payments, ledger entries and event deliveries, and an administrator's
 * redelivery of one of those deliveries. Only the session's company and environment are read.
 */
@Path(ConsolePaths.ROOT + "/documents")
@Produces(MediaType.TEXT_HTML)
public class ConsoleDocumentsResource {

    @Inject
    DocumentBrowsingUseCase documents;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    Cursors cursors;

    @Inject
    Caller caller;

    @Inject
    @Location("console-documents.html")
    Template listPage;

    @Inject
    @Location("console-document.html")
    Template detailPage;

    @GET
    @Operation(hidden = true)
    public Response list(@QueryParam("status") String status, @QueryParam("currency") String currency,
            @QueryParam("customer") String customer, @QueryParam("dueFrom") String dueFrom, @QueryParam("dueTo") String dueTo,
            @QueryParam("cursor") String cursor, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Map<String, String> asked = new LinkedHashMap<>();
            asked.put("status", ConsoleQueries.blankToNull(status));
            asked.put("currency", ConsoleQueries.blankToNull(currency));
            asked.put("customer", ConsoleQueries.blankToNull(customer));
            asked.put("dueFrom", ConsoleQueries.blankToNull(dueFrom));
            asked.put("dueTo", ConsoleQueries.blankToNull(dueTo));
            Optional<Filters> filters = filters(asked);
            if (filters.isEmpty()) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badFilter"), texts, visited.root());
            }
            Listed listed = documents.list(visited.scope(), filters.get(),
                    SyncCursors.open(cursors, SyncCursors.CONSOLE_DOCUMENTS, ConsoleQueries.blankToNull(cursor)));
            String next = SyncCursors.next(cursors, SyncCursors.CONSOLE_DOCUMENTS, listed.page().next());
            Map<String, String> nextQuery = new LinkedHashMap<>(asked);
            nextQuery.put("cursor", next);
            return ConsolePaths.page(200, visited.fill(listPage)
                    .data("rows", listed.page().items().stream().map(view -> ConsoleDocumentViews.row(view, listed.timeZone(), texts))
                            .toList())
                    .data("asked", asked)
                    .data("statuses", ConsoleDocumentViews.STATUSES.stream()
                            .map(each -> Map.of("value", each, "name", ConsoleDocumentViews.statusName(each, texts))).toList())
                    .data("currencies", ConsoleQueries.currencies())
                    .data("next", listed.page().hasMore() ? "?" + ConsoleQueries.query(nextQuery) : null)
                    .data("first", cursor != null && !cursor.isBlank() ? "?" + ConsoleQueries.query(asked) : null)
                    .render(), texts);
        });
    }

    @GET
    @Path("{documentId}")
    @Operation(hidden = true)
    public Response detail(@PathParam("documentId") String documentId, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> PathIds.parse(documentId)
                .flatMap(id -> documents.detail(visited.scope(), new DocumentId(id)))
                .map(detail -> ConsolePaths.page(200, visited.fill(detailPage)
                        .data("document", ConsoleDocumentViews.detail(detail, visited.texts()))
                        .data("administrator", visited.visit().admin().role() == UserRole.ADMIN)
                        .data("csrf", tokens.forSession(sessionId))
                        .render(), visited.texts()))
                .orElseGet(() -> gate.notFound(visited.texts(), visited.root())));
    }

    @POST
    @Path("{documentId}/deliveries/{deliveryId}/redeliver")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "deliveryId")
    @Operation(hidden = true)
    public Response redeliver(@PathParam("documentId") String documentId, @PathParam("deliveryId") String deliveryId,
            @FormParam("csrf") String csrf, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            Optional<UUID> document = PathIds.parse(documentId);
            Optional<UUID> delivery = PathIds.parse(deliveryId);
            if (document.isEmpty() || delivery.isEmpty()
                    || documents.redeliver(visited.scope(), new DocumentId(document.get()), delivery.get()).isEmpty()) {
                return gate.notFound(visited.texts(), visited.root());
            }
            caller.outcome("ok", "redelivery");
            return ConsolePaths.seeOther(visited.root() + "console/documents/" + document.get()).build();
        });
    }

    /** The filters asked for, or empty when one of them cannot be read. */
    private static Optional<Filters> filters(Map<String, String> asked) {
        Optional<IntegrationViews.StatusFilter> status = Optional.ofNullable(asked.get("status")).flatMap(IntegrationViews::statusFilter);
        Optional<CurrencyCode> currency = Optional.ofNullable(asked.get("currency")).flatMap(CurrencyCode::parse);
        Optional<UUID> customer = Optional.ofNullable(asked.get("customer")).flatMap(PathIds::parse);
        Optional<LocalDate> from = ConsoleQueries.day(asked.get("dueFrom"));
        Optional<LocalDate> to = ConsoleQueries.day(asked.get("dueTo"));
        boolean unreadable = (asked.get("status") != null && status.isEmpty()) || (asked.get("currency") != null && currency.isEmpty())
                || (asked.get("customer") != null && customer.isEmpty()) || (asked.get("dueFrom") != null && from.isEmpty())
                || (asked.get("dueTo") != null && to.isEmpty());
        if (unreadable) {
            return Optional.empty();
        }
        return Optional.of(new Filters(status.map(IntegrationViews.StatusFilter::statuses).orElse(Set.of()),
                status.flatMap(IntegrationViews.StatusFilter::withMoneyApplied), currency, customer, from, to));
    }
}
