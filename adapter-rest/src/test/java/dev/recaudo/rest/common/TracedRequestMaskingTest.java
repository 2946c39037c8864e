package dev.recaudo.rest.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;

/** A request span's path and query reach the exporter masked as the access log masks them. */
class TracedRequestMaskingTest {

    private static final String KEY = "rk_live_4fTq9ZyXbQ2LmN8pR3sV6wK1hJ0cD7eA5gU2iO9yT3x";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final SdkTracerProvider tracing = SdkTracerProvider.builder().addSpanProcessor(new TracedRequestMasking())
            .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();

    @Test
    void givenAHostedPageWithCredentialsInItsQuery_whenTheSpanEnds_thenItsCheckoutIdAndCredentialsAreMasked() {
        SpanData span = requestSpan("/pay/0b7c3f3e-9a34-4f3c-a1e5-6d1b8f1f2a77", "token=T-SECRET&email=ana@example.com&lang=es");

        assertThat(span.getAttributes().get(TracedRequestMasking.URL_PATH)).isEqualTo("/pay/***");
        assertThat(span.getAttributes().get(TracedRequestMasking.URL_QUERY)).isEqualTo("token=***&email=***&lang=es");
    }

    @Test
    void givenAKeyAsAPathSegment_whenTheSpanEnds_thenThatSegmentIsMaskedAndTheRestKept() {
        SpanData span = requestSpan("/v1/invoices/" + KEY + "/cancel", null);

        assertThat(span.getAttributes().get(TracedRequestMasking.URL_PATH)).isEqualTo("/v1/invoices/***/cancel");
        assertThat(span.getAttributes().get(TracedRequestMasking.URL_QUERY)).isNull();
    }

    @Test
    void givenASpanWithoutAPath_whenItEnds_thenNothingIsAdded() {
        tracing.get("test").spanBuilder("transaction").startSpan().end();

        assertThat(exported.getFinishedSpanItems().get(0).getAttributes().isEmpty()).isTrue();
    }

    private SpanData requestSpan(String path, String query) {
        var builder = tracing.get("test").spanBuilder("GET").setSpanKind(SpanKind.SERVER)
                .setAttribute(TracedRequestMasking.URL_PATH, path);
        if (query != null) {
            builder.setAttribute(TracedRequestMasking.URL_QUERY, query);
        }
        Span span = builder.startSpan();
        span.end();
        return exported.getFinishedSpanItems().get(0);
    }
}
