package dev.recaudo.rest.console;

import dev.recaudo.application.admin.CompanyUsersUseCase;
import dev.recaudo.application.admin.CompanyUsersUseCase.Outcome;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.rest.admin.AdminLogins;
import dev.recaudo.rest.audit.Audited;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Everyone's own account: the password, changed once the current one is proven under the login
 * limits ({@link AdminLogins}); the change ends every session of the person on every instance,
 * this one included, so the next page is the sign-in page.
 */
@Path(ConsolePaths.ROOT + "/account")
@Produces(MediaType.TEXT_HTML)
public class ConsoleAccountResource {

    @Inject
    CompanyUsersUseCase people;

    @Inject
    AdminLogins logins;

    @Inject
    ConsoleGate gate;

    @Inject
    ConsoleTokens tokens;

    @Inject
    @Location("console-account.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context UriInfo uri) {
        return gate.page(sessionId, language, UserRole.VIEWER, uri, visited -> render(200, visited, sessionId, null));
    }

    @POST
    @Path("password")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response changePassword(@FormParam("current") String current, @FormParam("password") String password,
            @FormParam("csrf") String csrf, @CookieParam(ConsoleResource.SESSION_COOKIE) String sessionId,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language, @Context HttpServerRequest http, @Context UriInfo uri) {
        return gate.form(sessionId, csrf, language, UserRole.VIEWER, uri, visited -> {
            ConsoleTexts texts = visited.texts();
            AdminLogins.Login proven = logins.login(visited.visit().admin().email(), current, http);
            if (proven instanceof AdminLogins.Login.TooManyFailures tooMany) {
                return Response.fromResponse(render(429, visited, sessionId, texts.word("tooManyFailures")))
                        .header("Retry-After", Long.toString(tooMany.retryAfterSeconds())).build();
            }
            if (!(proven instanceof AdminLogins.Login.Succeeded)) {
                return render(401, visited, sessionId, texts.word("wrongPassword"));
            }
            Outcome outcome = people.changePassword(visited.visit().admin(), password);
            if (outcome != Outcome.DONE) {
                return render(400, visited, sessionId, ConsolePeopleResource.problem(outcome, texts));
            }
            // Every session of the person ended, this one too: its cookie now opens nothing.
            return ConsolePaths.seeOther(visited.root() + "console/sign-in").build();
        });
    }

    private Response render(int status, ConsoleGate.Visited visited, String sessionId, String problem) {
        return ConsolePaths.page(status, visited.fill(page)
                .data("email", visited.visit().admin().email()).data("problem", problem).data("csrf", tokens.forSession(sessionId))
                .render(), visited.texts());
    }
}
