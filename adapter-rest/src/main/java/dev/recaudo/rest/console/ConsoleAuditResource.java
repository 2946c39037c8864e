package dev.recaudo.rest.console;

import dev.recaudo.application.admin.CompanyUsersUseCase;
import dev.recaudo.application.admin.CompanyUsersUseCase.Person;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.audit.AuditLog.AdministrationFilter;
import dev.recaudo.rest.audit.AdministrationTrail;
import dev.recaudo.rest.audit.AdministrationTrail.AuditRecordPage;
import dev.recaudo.rest.common.PathIds;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's audit trail for its administrators (docs/console.md): every administration and
 * console action, newest first, filtered by person, operation and days (UTC), paged by cursor, as
 * {@code GET /companies/{companyId}/audit-records} reads it.
 */
@Path(ConsolePaths.ROOT + "/integration/audit")
@Produces(MediaType.TEXT_HTML)
public class ConsoleAuditResource {

    private static final int OPERATION_LENGTH_MAX = 100;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    @Inject
    AdministrationTrail trail;

    @Inject
    CompanyUsersUseCase people;

    @Inject
    ConsoleGate gate;

    @Inject
    @Location("console-audit.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@QueryParam("person") String person, @QueryParam("operation") String operation,
            @QueryParam("from") String from, @QueryParam("until") String until, @QueryParam("cursor") String cursor,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.ADMIN, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            Map<String, String> asked = new LinkedHashMap<>();
            asked.put("person", ConsoleQueries.blankToNull(person));
            asked.put("operation", ConsoleQueries.blankToNull(operation));
            asked.put("from", ConsoleQueries.blankToNull(from));
            asked.put("until", ConsoleQueries.blankToNull(until));
            Optional<UUID> who = Optional.ofNullable(asked.get("person")).flatMap(PathIds::parse);
            Optional<LocalDate> first = ConsoleQueries.day(asked.get("from"));
            Optional<LocalDate> last = ConsoleQueries.day(asked.get("until"));
            boolean unreadable = (asked.get("person") != null && who.isEmpty()) || (asked.get("from") != null && first.isEmpty())
                    || (asked.get("until") != null && last.isEmpty())
                    || (asked.get("operation") != null && asked.get("operation").length() > OPERATION_LENGTH_MAX);
            if (unreadable) {
                return gate.message(400, texts.word("refusedTitle"), texts.word("badFilter"), texts, visited.root());
            }
            AdministrationFilter filter = new AdministrationFilter(who.map(AdminUserId::new), Optional.ofNullable(asked.get("operation")),
                    first.map(day -> day.atStartOfDay(ZoneOffset.UTC).toInstant()),
                    last.map(day -> day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()));
            AuditRecordPage records = trail.page(visited.visit().admin().companyId(), filter, ConsoleQueries.blankToNull(cursor), "50");
            List<Person> persons = people.people(visited.visit().admin().companyId());
            Map<String, String> emails = persons.stream().collect(Collectors.toMap(each -> each.id().value().toString(), Person::email));
            Map<String, String> next = new LinkedHashMap<>(asked);
            next.put("cursor", records.pagination().nextCursor());
            return ConsolePaths.page(200, visited.fill(page)
                    .data("records", records.items().stream().map(record -> Map.<String, Object>of(
                            "when", WHEN.format(record.createdAt()),
                            "actor", "operator".equals(record.actorKind()) ? texts.word("operator")
                                    : emails.getOrDefault(record.actor(), record.actor()),
                            "operation", record.operation(), "target", record.targetId() == null ? "" : record.targetId().toString(),
                            "status", record.httpStatus(), "outcome", record.outcome() + (record.detail() == null ? "" : " · " + record.detail())))
                            .toList())
                    .data("asked", asked)
                    .data("people", persons.stream().sorted(Comparator.comparing(Person::email))
                            .map(each -> Map.of("value", each.id().value().toString(), "name", each.email())).toList())
                    .data("next", records.pagination().hasMore() ? "?" + ConsoleQueries.query(next) : null)
                    .render(), texts);
        });
    }
}
