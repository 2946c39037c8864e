package dev.recaudo.stripe;

import static io.opentelemetry.semconv.ErrorAttributes.ERROR_TYPE;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_REQUEST_METHOD;
import static io.opentelemetry.semconv.HttpAttributes.HTTP_RESPONSE_STATUS_CODE;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_ADDRESS;
import static io.opentelemetry.semconv.ServerAttributes.SERVER_PORT;

import com.stripe.exception.ApiConnectionException;
import com.stripe.net.HttpURLConnectionClient;
import com.stripe.net.StripeRequest;
import com.stripe.net.StripeResponse;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.net.URL;
import java.util.regex.Pattern;

/**
 * The SDK's own HTTP client, each request to Stripe a client span: one per request sent, so the
 * SDK's network retries show as the attempts they are. A span names the operation by its path with
 * Stripe's object ids replaced ({@code POST /v1/payment_intents/{id}/cancel}), Stripe's request id
 * (what Stripe's support asks for) and the status; never the query (a search's terms), the body or
 * a header, so no key, card detail or payer's data reaches a tracing backend.
 */
final class TracedStripeHttp extends HttpURLConnectionClient {

    /** The path with object ids as {@code {id}} (a convention still incubating, hence not in the stable constants). */
    static final AttributeKey<String> TEMPLATE = AttributeKey.stringKey("url.template");
    static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("stripe.request_id");

    /** An object id: a lower-case prefix, an underscore, then a mix with a digit or a capital ({@code pi_3Mtw...}). */
    private static final Pattern OBJECT_ID = Pattern.compile("[a-z]+_[A-Za-z0-9_]*[0-9A-Z][A-Za-z0-9_]*");

    private final Tracer tracer;

    TracedStripeHttp(Tracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public StripeResponse request(StripeRequest request) throws ApiConnectionException {
        URL url = request.url();
        String template = template(url.getPath());
        String method = request.method().name();
        Span span = tracer.spanBuilder(method + " " + template).setSpanKind(SpanKind.CLIENT)
                .setAttribute(HTTP_REQUEST_METHOD, method)
                .setAttribute(SERVER_ADDRESS, url.getHost())
                .setAttribute(SERVER_PORT, (long) (url.getPort() >= 0 ? url.getPort() : url.getDefaultPort()))
                .setAttribute(TEMPLATE, template)
                .startSpan();
        try {
            StripeResponse response = super.request(request);
            span.setAttribute(HTTP_RESPONSE_STATUS_CODE, (long) response.code());
            if (response.requestId() != null) {
                span.setAttribute(REQUEST_ID, response.requestId());
            }
            if (response.code() >= 400) {
                span.setAttribute(ERROR_TYPE, Integer.toString(response.code()));
                span.setStatus(StatusCode.ERROR);
            }
            return response;
        } catch (ApiConnectionException lost) {
            span.setAttribute(ERROR_TYPE, "connection");
            span.setStatus(StatusCode.ERROR, "no answer");
            throw lost;
        } finally {
            span.end();
        }
    }

    /** The path with every segment that is an object id written {@code {id}}. */
    static String template(String path) {
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            if (OBJECT_ID.matcher(segments[i]).matches()) {
                segments[i] = "{id}";
            }
        }
        return String.join("/", segments);
    }
}
