package dev.recaudo.rest.console;

import dev.recaudo.application.admin.CompanyUsersUseCase;
import dev.recaudo.application.admin.CompanyUsersUseCase.Joined;
import dev.recaudo.application.admin.CompanyUsersUseCase.Outcome;
import dev.recaudo.application.admin.CompanyUsersUseCase.PendingInvitation;
import dev.recaudo.application.admin.ConsoleSessionsUseCase;
import dev.recaudo.rest.audit.Audited;
import dev.recaudo.rest.common.Caller;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * An invitation's link ({@code /console/invitation?token=...}; the access log masks a {@code token}):
 * the page names the company's invitation and asks for a password; accepting it makes the person a
 * user with the invitation's role and signs them in. The form carries the sign-in form's kind of
 * anti-forgery token, bound to a cookie its page set.
 */
@Path(ConsolePaths.ROOT + "/invitation")
@Produces(MediaType.TEXT_HTML)
public class ConsoleInvitationResource {

    @Inject
    CompanyUsersUseCase people;

    @Inject
    ConsoleSessionsUseCase sessions;

    @Inject
    ConsoleTokens tokens;

    @Inject
    ConsoleCookies cookies;

    @Inject
    ConsoleGate gate;

    @Inject
    Caller caller;

    @Inject
    @Location("console-invitation.html")
    Template page;

    @GET
    @Operation(hidden = true)
    public Response show(@QueryParam("token") String token, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context HttpServerRequest http, @Context UriInfo uri) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        String root = ConsolePaths.root(uri);
        Optional<PendingInvitation> invitation = people.invitation(token);
        if (invitation.isEmpty()) {
            return gate.message(404, texts.word("invitationTitle"), texts.word("invitationGone"), texts, root);
        }
        return render(200, invitation.get(), token, texts, null, http, root);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Audited
    @Operation(hidden = true)
    public Response accept(@FormParam("token") String token, @FormParam("password") String password, @FormParam("csrf") String csrf,
            @CookieParam(ConsoleResource.SIGN_IN_COOKIE) String nonce, @CookieParam(ConsoleResource.SESSION_COOKIE) String previous,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String language,
            @Context HttpServerRequest http, @Context UriInfo uri) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        String root = ConsolePaths.root(uri);
        if (!tokens.verifiesSignIn(nonce, csrf)) {
            return gate.staleForm(texts, root);
        }
        Joined joined = people.accept(token, password);
        if (joined instanceof Joined.Member member) {
            caller.authenticated(member.person()); // the new person names themselves in the audit trail
            caller.resultId(member.person().adminUserId().value());
            sessions.close(previous); // as at sign-in: the browser's earlier session, if any, ends here
            return cookies.signedIn(sessions.open(member.person()).sessionId(), root + "console", http);
        }
        Outcome reason = ((Joined.Refused) joined).reason();
        Optional<PendingInvitation> invitation = people.invitation(token);
        if (reason == Outcome.NOT_FOUND || invitation.isEmpty()) {
            return gate.message(404, texts.word("invitationTitle"), texts.word("invitationGone"), texts, root);
        }
        return render(reason == Outcome.EMAIL_TAKEN ? 409 : 400, invitation.get(), token, texts,
                ConsolePeopleResource.problem(reason, texts), http, root);
    }

    private Response render(int status, PendingInvitation invitation, String token, ConsoleTexts texts, String problem,
            HttpServerRequest http, String root) {
        String nonce = tokens.nonce();
        String html = page.data("texts", texts.words()).data("root", root).data("email", invitation.email())
                .data("role", texts.roleName(invitation.role())).data("token", token).data("problem", problem)
                .data("csrf", tokens.forSignIn(nonce)).render();
        return Response.fromResponse(ConsolePaths.page(status, html, texts))
                .header(HttpHeaders.SET_COOKIE, cookies.kept(ConsoleResource.SIGN_IN_COOKIE, nonce, http)).build();
    }
}
