package dev.recaudo.rest.console;

import dev.recaudo.rest.common.ErrorPages;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The console's messages: a form that expired, and every error raised under {@code /console}
 * before or around its pages (unknown page, wrong method, refused path, failure), in the reader's
 * language and with the console's security headers.
 */
@ApplicationScoped
public class ConsoleErrors implements ErrorPages {

    @Inject
    @Location("console-message.html")
    Template message;

    @Override
    public boolean serves(String path) {
        return path.equals(ConsolePaths.ROOT) || path.startsWith(ConsolePaths.ROOT + "/");
    }

    @Override
    public ErrorPage render(int status, String acceptLanguage, String path) {
        ConsoleTexts texts = ConsoleTexts.forAcceptLanguage(acceptLanguage);
        String root = ConsolePaths.root(path, 0);
        if (status == 404) {
            return page(texts.word("notFoundTitle"), texts.word("notFoundText"), texts, root);
        }
        if (status >= 500) {
            return page(texts.word("failureTitle"), texts.word("failureText"), texts, root);
        }
        return page(texts.word("refusedTitle"), texts.word("refusedText"), texts, root);
    }

    ErrorPage page(String heading, String text, ConsoleTexts texts, String root) {
        Map<String, String> headers = new LinkedHashMap<>(ConsolePaths.SECURITY_HEADERS);
        headers.put(HttpHeaders.CONTENT_LANGUAGE, texts.lang());
        return new ErrorPage(message.data("texts", texts.words()).data("root", root).data("heading", heading)
                .data("message", text).render(), headers);
    }
}
