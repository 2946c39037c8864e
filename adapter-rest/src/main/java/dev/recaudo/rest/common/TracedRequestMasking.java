package dev.recaudo.rest.common;

import static io.opentelemetry.semconv.ClientAttributes.CLIENT_ADDRESS;
import static io.opentelemetry.semconv.UrlAttributes.URL_PATH;
import static io.opentelemetry.semconv.UrlAttributes.URL_QUERY;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * A request span shows its path and query as the access log does. The HTTP server's instrumentation
 * records them as received, and decoded ({@code url.path}, {@code url.query}); a hosted page's
 * checkout id, a key put in a query by mistake or a customer's phone number must no more reach a
 * tracing backend than a log. So, as the span starts, this processor masks the path and hides the
 * query (a decoded query can no longer be split as it was sent: {@code api%3Dkey=...} would read as
 * a parameter {@code api}); then {@link HttpEdge}, the first handler of every request, writes the
 * very path and query the access log writes, and the client's address only as a trusted proxy gave it
 * ({@code X-Forwarded-For} is any caller's to send). Spans are exported once they end, after both.
 */
@ApplicationScoped
public class TracedRequestMasking implements SpanProcessor {

    @Override
    public void onStart(Context parent, ReadWriteSpan span) {
        String path = span.getAttribute(URL_PATH);
        if (path != null) {
            span.setAttribute(URL_PATH, LoggedPath.of(path));
        }
        if (span.getAttribute(URL_QUERY) != null) {
            span.setAttribute(URL_QUERY, AccessLogQuery.MASK);
        }
    }

    /** The request span's path, query and client address, as the access log and the rate limits see them. */
    static void describe(Span span, String loggedPath, String loggedQuery, Optional<String> client) {
        span.setAttribute(URL_PATH, loggedPath);
        if (!loggedQuery.isEmpty()) {
            span.setAttribute(URL_QUERY, loggedQuery);
        }
        client.ifPresent(address -> span.setAttribute(CLIENT_ADDRESS, address));
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {
        // Nothing is recorded at the end that the start did not already mask.
    }

    @Override
    public boolean isEndRequired() {
        return false;
    }
}
