package dev.recaudo.rest.console;

import dev.recaudo.application.admin.AdminAuthenticationUseCase.AdminPrincipal;
import dev.recaudo.application.admin.CompanyUsersUseCase;
import dev.recaudo.application.admin.CompanyUsersUseCase.Invited;
import dev.recaudo.application.admin.CompanyUsersUseCase.Outcome;
import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.common.WireNamed;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
import dev.recaudo.rest.common.PathIds;
import dev.recaudo.rest.common.RestSettings;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The company's people, for its administrators (docs/console.md): who signs in and with which role,
 * the invitations still open, and the forms that invite, change a role, remove a person and revoke
 * an invitation, each through {@link CompanyUsersUseCase} and in the audit trail under the
 * administrator who sent it.
 */
@Path(ConsolePaths.ROOT + "/people")
@Produces(MediaType.TEXT_HTML)
public class ConsolePeopleResource {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    @Inject
    CompanyUsersUseCase people;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    Caller caller;

    @Inject
    RestSettings settings;

    @Inject
    @Location("console-people.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.ADMIN, uri, visited -> render(200, visited, sessionId, Optional.empty(),
                Optional.empty()));
    }

    /** The invitation form posts to the page's own path, which answers the page with the link, shown this once. */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response invite(@FormParam("email") String email, @FormParam("role") String role, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            Optional<UserRole> chosen = WireNamed.find(UserRole.values(), role);
            if (chosen.isEmpty()) {
                return render(400, visited, sessionId, Optional.of(visited.texts().word("refusedText")), Optional.empty());
            }
            Invited invited = people.invite(visited.visit().admin(), email, chosen.get());
            if (invited instanceof Invited.Made made) {
                caller.resultId(made.invitation().id());
                String link = settings.publicBaseUrl() + ConsolePaths.ROOT + "/invitation?token=" + made.token();
                return render(200, visited, sessionId, Optional.empty(), Optional.of(link));
            }
            Outcome reason = ((Invited.Refused) invited).reason();
            return render(status(reason), visited, sessionId, Optional.of(problem(reason, visited.texts())), Optional.empty());
        });
    }

    @POST
    @Path("{personId}/role")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "personId")
    @Operation(hidden = true)
    public Response changeRole(@PathParam("personId") String personId, @FormParam("role") String role, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return change(sessionId, csrf, language, uri, admin -> {
            Optional<UserRole> chosen = WireNamed.find(UserRole.values(), role);
            Optional<UUID> person = PathIds.parse(personId);
            if (chosen.isEmpty() || person.isEmpty()) {
                return Outcome.NOT_FOUND;
            }
            caller.outcome("ok", "role " + chosen.get().wireName());
            return people.changeRole(admin, new AdminUserId(person.get()), chosen.get());
        });
    }

    @POST
    @Path("{personId}/remove")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "personId")
    @Operation(hidden = true)
    public Response remove(@PathParam("personId") String personId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return change(sessionId, csrf, language, uri, admin -> PathIds.parse(personId)
                .map(person -> people.remove(admin, new AdminUserId(person))).orElse(Outcome.NOT_FOUND));
    }

    @POST
    @Path("invitations/{invitationId}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited(target = "invitationId")
    @Operation(hidden = true)
    public Response revoke(@PathParam("invitationId") String invitationId, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context UriInfo uri) {
        return change(sessionId, csrf, language, uri, admin -> PathIds.parse(invitationId)
                .map(id -> people.revokeInvitation(admin, id)).orElse(Outcome.NOT_FOUND));
    }

    /** A change posted from the page by an administrator: back to the page when done, the reason otherwise. */
    private Response change(String sessionId, String csrf, String language, UriInfo uri, Function<AdminPrincipal, Outcome> change) {
        return gate.form(sessionId, csrf, language, UserRole.ADMIN, uri, visited -> {
            Outcome outcome = change.apply(visited.visit().admin());
            if (outcome == Outcome.DONE) {
                return ConsolePaths.seeOther(visited.root() + "console/people").build();
            }
            caller.outcome(outcome.name().toLowerCase(Locale.ROOT), null);
            ConsoleTexts texts = visited.texts();
            return gate.message(status(outcome), problem(outcome, texts), texts.word("backToConsole"), texts, visited.root());
        });
    }

    private Response render(int status, ConsoleGate.Visited visited, String sessionId, Optional<String> problem,
            Optional<String> invitationLink) {
        ConsoleTexts texts = visited.texts();
        AdminPrincipal me = visited.visit().admin();
        Function<UserRole, List<Map<String, Object>>> roles = current -> List.of(UserRole.values()).stream()
                .map(option -> Map.<String, Object>of("value", option.wireName(), "name", texts.roleName(option),
                        "selected", option == current))
                .toList();
        List<Map<String, Object>> persons = people.people(me.companyId()).stream().map(person -> Map.<String, Object>of(
                "id", person.id().value(), "email", person.email(), "role", texts.roleName(person.role()),
                "since", DAY.format(person.since()), "roles", roles.apply(person.role()),
                "me", person.id().equals(me.adminUserId()))).toList();
        List<Map<String, Object>> invitations = people.invitations(me.companyId()).stream().map(invitation -> Map.<String, Object>of(
                "id", invitation.id(), "email", invitation.email(), "role", texts.roleName(invitation.role()),
                "expires", DAY.format(invitation.expiresAt()))).toList();
        String html = visited.fill(page)
                .data("people", persons).data("invitations", invitations).data("roles", roles.apply(UserRole.VIEWER))
                .data("problem", problem.orElse(null)).data("link", invitationLink.orElse(null))
                .data("csrf", tokens.forSession(sessionId)).render();
        return ConsolePaths.page(status, html, texts);
    }

    private static int status(Outcome outcome) {
        return switch (outcome) {
            case NOT_FOUND -> 404;
            case FORBIDDEN -> 403;
            case LAST_ADMINISTRATOR, EMAIL_TAKEN -> 409;
            default -> 400;
        };
    }

    static String problem(Outcome outcome, ConsoleTexts texts) {
        return switch (outcome) {
            case NOT_FOUND -> texts.word("notFound");
            case FORBIDDEN -> texts.word("notAllowedText");
            case LAST_ADMINISTRATOR -> texts.word("lastAdministrator");
            case EMAIL_TAKEN -> texts.word("emailTaken");
            case EMAIL_INVALID -> texts.word("emailInvalid");
            case PASSWORD_REFUSED -> texts.word("passwordRefused");
            case DONE -> "";
        };
    }
}
