package dev.recaudo.webhooks.delivery;

import static io.opentelemetry.semconv.ErrorAttributes.ERROR_TYPE;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_REQUEST_METHOD;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_ADDRESS;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_PORT;
import static io.opentelemetry.semconv.UrlAttributes.URL_SCHEME;

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

    static final AttributeKey<String> WEBHOOK_ID = AttributeKey.stringKey("recaudo.webhook.id");
    static final AttributeKey<String> RESULT = AttributeKey.stringKey("recaudo.attempt.result");

    private final Tracer tracer;

    AttemptSpans(Tracer tracer) {
        this.tracer = tracer;
    }

    /** An attempt's span, begun now; {@code url} is the one the attempt is for, checked or not. */
    Open start(String url, String webhookId) {
        SpanBuilder builder = tracer.spanBuilder("POST").setSpanKind(SpanKind.CLIENT)
                .setAttribute(HTTP_REQUEST_METHOD, "POST")
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
            builder.setAttribute(URL_SCHEME, uri.getScheme().toLowerCase(Locale.ROOT));
        }
        if (uri.getHost() != null) {
            builder.setAttribute(SERVER_ADDRESS, uri.getHost());
            int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            builder.setAttribute(SERVER_PORT, (long) port);
        }
    }

    /** A span begun, ended with the attempt's outcome. */
    record Open(Span span) {

        void end(SendOutcome outcome) {
            outcome.statusCode().ifPresent(status -> span.setAttribute(HTTP_RESPONSE_STATUS_CODE, status.longValue()));
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
