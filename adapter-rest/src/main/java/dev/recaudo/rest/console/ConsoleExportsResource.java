package dev.recaudo.rest.console;

import dev.recaudo.application.report.ExportsUseCase;
import dev.recaudo.application.report.ExportsUseCase.Period;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.report.AppliedPaymentsExport.Applied;
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
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The console's exports (docs/console.md): applied payments of a period as CSV, written as the
 * store hands the rows over, so memory stays flat whatever the period holds.
 */
@Path(ConsolePaths.ROOT + "/exports")
public class ConsoleExportsResource {

    static final List<String> HEADER = List.of("applied_at", "payment_source", "payment_kind", "external_payment_id", "document_source",
            "external_document_id", "document_number", "currency", "amount", "ledger_transfer_id", "ledger_entry_ids");

    @Inject
    ExportsUseCase exports;

    @Inject
    ConsoleGate gate;

    @Inject
    @Location("console-exports.html")
    Template page;

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> ConsolePaths.page(200, visited.fill(page)
                .render(), visited.texts()));
    }

    @GET
    @Path("applied-payments.csv")
    @Produces("text/csv")
    @Operation(hidden = true)
    public Response appliedPayments(@QueryParam("from") String from, @QueryParam("through") String through,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Optional<LocalDate> first = ConsoleQueries.day(from);
            Optional<LocalDate> last = ConsoleQueries.day(through);
            Optional<Period> period = first.isEmpty() || last.isEmpty() ? Optional.empty()
                    : exports.period(visited.scope(), first.get(), last.get());
            if (period.isEmpty()) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badPeriod"), texts, visited.root());
            }
            StreamingOutput csv = out -> {
                Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
                writer.write(line(HEADER));
                exports.appliedPayments(visited.scope(), period.get(), row -> {
                    try {
                        writer.write(line(cells(row)));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                writer.flush();
            };
            String name = "applied-payments-" + first.get() + "-" + last.get() + ".csv";
            return ConsolePaths.secured(Response.ok(csv, "text/csv; charset=utf-8"))
                    .header("Content-Disposition", "attachment; filename=\"" + name + "\"").build();
        });
    }

    private static List<String> cells(Applied row) {
        return List.of(DateTimeFormatter.ISO_INSTANT.format(row.appliedAt()), row.source(), row.kind().wireName(), row.externalPaymentId(),
                row.documentSource(), row.externalDocumentId(), row.documentNumber(), row.amount().currency().name(),
                BigDecimal.valueOf(row.amount().amountMinor(), row.amount().currency().minorUnitDigits()).toPlainString(),
                row.transferId().toString(), row.entryIds().stream().map(String::valueOf).collect(Collectors.joining(" ")));
    }

    private static String line(List<String> cells) {
        return cells.stream().map(StatementCsv::cell).collect(Collectors.joining(",")) + "\r\n";
    }
}
