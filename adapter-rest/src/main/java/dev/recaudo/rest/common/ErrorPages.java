package dev.recaudo.rest.common;

import java.util.List;
import java.util.Map;

/**
 * The errors of {@link ErrorFamily#PAGE}: a person's browser gets a page in the person's language,
 * with the pages' security headers, never a JSON envelope. Implemented beside each set of pages (the
 * hosted checkout page, the company console), each serving its own paths.
 */
public interface ErrorPages {

    /** An HTML page for the status, and the headers it must carry. */
    record ErrorPage(String html, Map<String, String> headers) {}

    /** Whether these are the pages of {@code path} (the path inside the application). */
    boolean serves(String path);

    /** The page of {@code status} for a request of {@code path} (inside the application). */
    ErrorPage render(int status, String acceptLanguage, String path);

    /** The pages of {@code path}, among every set the deployment has; {@code path} is of the PAGE family. */
    static ErrorPages of(List<ErrorPages> all, String path) {
        return all.stream().filter(pages -> pages.serves(path)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no error pages serve " + path));
    }
}
