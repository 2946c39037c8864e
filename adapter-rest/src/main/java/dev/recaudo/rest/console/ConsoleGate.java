package dev.recaudo.rest.console;

import dev.recaudo.application.admin.ConsoleSessionsUseCase;
import dev.recaudo.application.admin.ConsoleSessionsUseCase.Visit;
import dev.recaudo.domain.admin.UserRole;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.rest.common.Caller;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The way into every console page and form that needs a session: the session the cookie names,
 * resumed (else the sign-in page), its person named as the request's caller for the audit trail, the
 * role the page needs (else the console's {@code 403} page), and for a form the session's own
 * anti-forgery token (else the expired-form page).
 */
@ApplicationScoped
public class ConsoleGate {

    @Inject
    ConsoleSessionsUseCase sessions;

    @Inject
    ConsoleTokens tokens;

    @Inject
    ConsoleErrors errors;

    @Inject
    Caller caller;

    /** A request of a session that may go on: who, the words of their language, and the application's root from the page. */
    record Visited(Visit visit, ConsoleTexts texts, String root) {

        /** The session's company and the environment it shows: everything a page reads is in it. */
        TenantScope scope() {
            return new TenantScope(visit.admin().companyId(), visit.environment());
        }

        /**
         * {@code page} with what every console template reads: the words, the root, and the session's
         * environment and role, which the layout shows on every page (the environment clearly marked).
         */
        TemplateInstance fill(Template page) {
            KeyEnvironment environment = visit.environment();
            return page.data("texts", texts.words()).data("root", root).data("session", Map.of(
                    "environment", texts.environmentName(environment), "test", environment == KeyEnvironment.TEST,
                    "administrator", visit.admin().role() == UserRole.ADMIN));
        }
    }

    /** A page of {@code request} (its path inside the application). */
    Response page(String sessionId, String language, UserRole needed, UriInfo request, Function<Visited, Response> page) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(language);
        String root = ConsolePaths.root(request);
        Optional<Visit> visit = sessions.resume(sessionId);
        if (visit.isEmpty()) {
            return ConsolePaths.seeOther(root + "console/sign-in").build();
        }
        caller.authenticated(visit.get().admin());
        if (!visit.get().admin().role().allows(needed)) {
            return message(403, texts.word("notAllowedTitle"), texts.word("notAllowedText"), texts, root);
        }
        return page.apply(new Visited(visit.get(), texts, root));
    }

    /** A form's post: as {@link #page}, and its token must be the session's. */
    Response form(String sessionId, String csrf, String language, UserRole needed, UriInfo request, Function<Visited, Response> handler) {
        return page(sessionId, language, needed, request, visited -> tokens.verifiesSession(sessionId, csrf)
                ? handler.apply(visited)
                : staleForm(visited.texts(), visited.root()));
    }

    /** The console's 404 page: what the request names is not the session's to see. */
    Response notFound(ConsoleTexts texts, String root) {
        return message(404, texts.word("notFoundTitle"), texts.word("notFoundText"), texts, root);
    }

    /** The answer to a form whose anti-forgery token is missing, stale or another's: nothing was changed. */
    Response staleForm(ConsoleTexts texts, String root) {
        return message(403, texts.word("staleFormTitle"), texts.word("staleFormText"), texts, root);
    }

    Response message(int status, String heading, String text, ConsoleTexts texts, String root) {
        return ConsolePaths.page(status, errors.page(heading, text, texts, root).html(), texts);
    }
}
