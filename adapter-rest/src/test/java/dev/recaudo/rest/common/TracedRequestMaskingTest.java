package dev.recaudo.rest.common;

import static io.opentelemetry.semconv.ClientAttributes.CLIENT_ADDRESS;
import static io.opentelemetry.semconv.UrlAttributes.URL_PATH;
import static io.opentelemetry.semconv.UrlAttributes.URL_QUERY;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A request span's path, query and client address reach the exporter as the access log shows them. */
class TracedRequestMaskingTest {

    private static final String KEY = "rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final SdkTracerProvider tracing = SdkTracerProvider.builder().addSpanProcessor(new TracedRequestMasking())
            .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();

    @Test
    void givenAHostedPageWithCredentialsInItsDecodedQuery_whenTheSpanStarts_thenItsCheckoutIdIsMaskedAndTheQueryHidden() {
        SpanData span = requestSpan("/pay/0b7c3f3e-9a34-4f3c-a1e5-6d1b8f1f2a77", "api=key=AK-SECRET&lang=es", null);

        assertThat(span.getAttributes().get(URL_PATH)).isEqualTo("/pay/***");
        assertThat(span.getAttributes().get(URL_QUERY)).isEqualTo("***");
    }

    @Test
    void givenTheEdgesAccessLogView_whenDescribed_thenTheSpanShowsItsPathQueryAndTrustedClientAddress() {
        String raw = "api%3Dkey=AK-SECRET&email=ana@example.com&lang=es";
        SpanData span = requestSpan("/v1/invoices", "api=key=AK-SECRET&email=ana@example.com&lang=es", built -> TracedRequestMasking
                .describe(built, LoggedPath.of("/v1/invoices"), AccessLogQuery.redact(raw), Optional.of("203.0.113.7")));

        assertThat(span.getAttributes().get(URL_QUERY)).isEqualTo("api%3Dkey=***&email=***&lang=es");
        assertThat(span.getAttributes().get(CLIENT_ADDRESS)).isEqualTo("203.0.113.7");
    }

    @Test
    void givenAKeyAsAPathSegment_whenTheSpanEnds_thenThatSegmentIsMaskedAndTheRestKept() {
        SpanData span = requestSpan("/v1/invoices/" + KEY + "/cancel", null, null);

        assertThat(span.getAttributes().get(URL_PATH)).isEqualTo("/v1/invoices/***/cancel");
        assertThat(span.getAttributes().get(URL_QUERY)).isNull();
    }

    @Test
    void givenASpanWithoutAPath_whenItEnds_thenNothingIsAdded() {
        tracing.get("test").spanBuilder("transaction").startSpan().end();

        assertThat(exported.getFinishedSpanItems().get(0).getAttributes().isEmpty()).isTrue();
    }

    /** A server span started as the HTTP server's instrumentation starts it, {@code during} its request. */
    private SpanData requestSpan(String path, String query, Consumer<Span> during) {
        SpanBuilder builder = tracing.get("test").spanBuilder("GET").setSpanKind(SpanKind.SERVER)
                .setAttribute(URL_PATH, path)
                .setAttribute(CLIENT_ADDRESS, "198.51.100.9");
        if (query != null) {
            builder.setAttribute(URL_QUERY, query);
        }
        Span span = builder.startSpan();
        if (during != null) {
            during.accept(span);
        }
        span.end();
        return exported.getFinishedSpanItems().get(0);
    }
}
