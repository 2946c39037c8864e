package dev.recaudo.rest.console;

import dev.recaudo.application.customer.CustomerQueries;
import dev.recaudo.application.customer.CustomerQueries.CustomerSlice;
import dev.recaudo.application.report.CustomerStatementUseCase;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.customer.CustomerListItem;
import dev.recaudo.domain.customer.CustomerListQuery;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.Cursors;
import dev.recaudo.rest.common.KeysetCursors;
import dev.recaudo.rest.common.PathIds;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's customers in the console (docs/console.md): the list (every partner's, searched, paged
 * by cursor) with each one's credit balance, and a customer's statement of account for a period, as a
 * page, as CSV and as PDF.
 */
@Path(ConsolePaths.ROOT + "/customers")
public class ConsoleCustomersResource {

    static final String CUSTOMERS = "console-customers";
    private static final int PAGE_SIZE = 50;

    @Inject
    CustomerQueries customers;

    @Inject
    CustomerStatementUseCase statements;

    @Inject
    ConsoleGate gate;

    @Inject
    Cursors cursors;

    @Inject
    @Location("console-customers.html")
    Template listPage;

    @Inject
    @Location("console-statement.html")
    Template statementPage;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(hidden = true)
    public Response list(@QueryParam("search") String search, @QueryParam("cursor") String cursor,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Optional<String> searched = Optional.ofNullable(search).map(String::strip).filter(text -> !text.isEmpty())
                    .map(text -> text.length() > CustomerListQuery.SEARCH_LENGTH_MAX ? text.substring(0, CustomerListQuery.SEARCH_LENGTH_MAX)
                            : text);
            Optional<CustomerListQuery.Position> after = KeysetCursors.open(cursors, CUSTOMERS, ConsoleQueries.blankToNull(cursor), false)
                    .map(position -> new CustomerListQuery.Position(position.at(), position.id()));
            CustomerSlice slice = customers.list(visited.scope(),
                    new CustomerListQuery(Optional.empty(), Optional.empty(), searched, after, PAGE_SIZE));
            String next = KeysetCursors.next(cursors, CUSTOMERS, slice.items(), slice.hasMore(), CustomerListItem::updatedAt,
                    CustomerListItem::companyCustomerId);
            return ConsolePaths.page(200, visited.fill(listPage)
                    .data("rows", slice.items().stream().map(item -> Map.<String, Object>of("id", item.companyCustomerId().toString(),
                            "name", item.name(), "taxId", item.taxId() == null ? "" : item.taxId(),
                            "partner", item.source(), "credit", item.creditBalances().stream()
                                    .map(balance -> texts.amount(Money.of(balance.amountMinor(), balance.currency())))
                                    .collect(Collectors.joining(" · ")))).toList())
                    .data("search", searched.orElse(""))
                    .data("next", next == null ? null : "?" + searched.map(text -> "search=" + encode(text) + "&").orElse("")
                            + "cursor=" + encode(next))
                    .render(), texts);
        });
    }

    @GET
    @Path("{customerId}/statement")
    @Produces(MediaType.TEXT_HTML)
    @Operation(hidden = true)
    public Response statement(@PathParam("customerId") String customerId, @QueryParam("from") String from,
            @QueryParam("through") String through, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return statement(customerId, from, through, sessionId, language, uri, (shown, visited) -> {
            String query = "?" + shown.from().map(day -> "from=" + day + "&").orElse("") + "through=" + shown.through();
            return ConsolePaths.page(200, visited.fill(statementPage)
                    .data("customer", shown.customer().name()).data("customerId", shown.companyCustomerId().toString())
                    .data("from", shown.from().map(LocalDate::toString).orElse("")).data("through", shown.through().toString())
                    .data("timeZone", ConsoleStatementViews.zoneName(shown.timeZone()))
                    .data("accounts", ConsoleStatementViews.accounts(shown, visited.texts()))
                    .data("csv", "statement.csv" + query).data("pdf", "statement.pdf" + query)
                    .render(), visited.texts());
        });
    }

    @GET
    @Path("{customerId}/statement.csv")
    @Produces("text/csv")
    @Operation(hidden = true)
    public Response statementCsv(@PathParam("customerId") String customerId, @QueryParam("from") String from,
            @QueryParam("through") String through, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return statement(customerId, from, through, sessionId, language, uri, (shown, visited) -> file(
                StatementCsv.of(shown).getBytes(StandardCharsets.UTF_8), "text/csv; charset=utf-8", shown, "csv"));
    }

    @GET
    @Path("{customerId}/statement.pdf")
    @Produces("application/pdf")
    @Operation(hidden = true)
    public Response statementPdf(@PathParam("customerId") String customerId, @QueryParam("from") String from,
            @QueryParam("through") String through, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return statement(customerId, from, through, sessionId, language, uri, (shown, visited) -> file(
                StatementPdf.of(shown, visited.texts()), "application/pdf", shown, "pdf"));
    }

    /** The statement the request asks for, answered by {@code shown}; the console's page when there is none to show. */
    private Response statement(String customerId, String from, String through, String sessionId, String language, UriInfo uri,
            BiFunction<Statement.Shown, ConsoleGate.Visited, Response> shown) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Optional<UUID> customer = PathIds.parse(customerId);
            Optional<LocalDate> first = ConsoleQueries.day(from);
            Optional<LocalDate> last = ConsoleQueries.day(through);
            if (customer.isEmpty()) {
                return gate.notFound(texts, visited.root());
            }
            if ((ConsoleQueries.blankToNull(from) != null && first.isEmpty()) || (ConsoleQueries.blankToNull(through) != null && last.isEmpty())) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badPeriod"), texts, visited.root());
            }
            Statement statement = statements.statement(visited.scope(), customer.get(), first, last);
            if (statement instanceof Statement.Shown figures) {
                return shown.apply(figures, visited);
            }
            if (statement instanceof Statement.TooLong) {
                return gate.message(413, texts.word("refusedTitle"), texts.word("statementTooLong"), texts, visited.root());
            }
            if (statement instanceof Statement.BadPeriod) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badPeriod"), texts, visited.root());
            }
            return gate.notFound(texts, visited.root());
        });
    }

    private static Response file(byte[] body, String type, Statement.Shown shown, String extension) {
        String name = "statement-" + shown.companyCustomerId() + "-" + shown.through() + "." + extension;
        return ConsolePaths.secured(Response.ok(body, type)).header("Content-Disposition", "attachment; filename=\"" + name + "\"")
                .build();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
