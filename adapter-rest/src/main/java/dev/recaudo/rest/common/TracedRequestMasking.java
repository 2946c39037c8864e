package dev.recaudo.rest.common;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Masks a request span's path and query as the access log masks them, the moment the span starts:
 * the HTTP server's instrumentation records them as received ({@code url.path}, {@code url.query}),
 * and a hosted page's checkout id, a key put in a query by mistake or a customer's phone number
 * must no more reach a tracing backend than a log. Every span processor of the deployment sees the
 * span only after this one has run, and an exporter only once it has ended.
 */
@ApplicationScoped
public class TracedRequestMasking implements SpanProcessor {

    static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");

    @Override
    public void onStart(Context parent, ReadWriteSpan span) {
        String path = span.getAttribute(URL_PATH);
        if (path != null) {
            span.setAttribute(URL_PATH, LoggedPath.of(path));
        }
        String query = span.getAttribute(URL_QUERY);
        if (query != null) {
            span.setAttribute(URL_QUERY, AccessLogQuery.redact(query));
        }
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
