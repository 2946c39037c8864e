package dev.recaudo.webhooks.delivery;

import dev.recaudo.domain.webhook.WebhookSender.SendOutcome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The span of one outbound attempt, a webhook or a payment callback, from the lookup to the
 * outcome. It names the receiver's scheme, host and port and the message's {@code webhook-id},
 * never the URL's path, query or user info: a partner's URL often carries its own credential there
 * (a token in the query, a hook's secret in the path). Its status is an error whenever the attempt
 * failed, a 3xx included, as the delivery records it; the error text is left out, as it may quote
 * an address.
 */
final class AttemptSpans {

    static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    static final AttributeKey<String> HOST = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> WEBHOOK_ID = AttributeKey.stringKey("recaudo.webhook.id");
    static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> RESULT = AttributeKey.stringKey("recaudo.attempt.result");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final Tracer tracer;

    AttemptSpans(Tracer tracer) {
        this.tracer = tracer;
    }

    /** An attempt's span, begun now; {@code url} is the one the attempt is for, checked or not. */
    Open start(String url, String webhookId) {
        SpanBuilder builder = tracer.spanBuilder("POST").setSpanKind(SpanKind.CLIENT)
                .setAttribute(METHOD, "POST")
                .setAttribute(WEBHOOK_ID, webhookId);
        receiver(url, builder);
        return new Open(builder.startSpan());
    }

    private static void receiver(String url, SpanBuilder builder) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException | NullPointerException unreadable) {
            return;
        }
        if (uri.getScheme() != null) {
            builder.setAttribute(SCHEME, uri.getScheme().toLowerCase(Locale.ROOT));
        }
        if (uri.getHost() != null) {
            builder.setAttribute(HOST, uri.getHost());
            int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            builder.setAttribute(PORT, (long) port);
        }
    }

    /** A span begun, ended with the attempt's outcome. */
    record Open(Span span) {

        void end(SendOutcome outcome) {
            outcome.statusCode().ifPresent(status -> span.setAttribute(STATUS, status.longValue()));
            String result = outcome.result().wireName();
            span.setAttribute(RESULT, result);
            if (!outcome.succeeded()) {
                span.setAttribute(ERROR_TYPE, result);
                span.setStatus(StatusCode.ERROR, result);
            }
            span.end();
        }
    }
}
