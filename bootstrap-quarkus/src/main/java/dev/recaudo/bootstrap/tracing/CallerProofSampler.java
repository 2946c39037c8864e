package dev.recaudo.bootstrap.tracing;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Which traces are kept: a share of them ({@code quarkus.otel.traces.sampler.arg}), drawn at random
 * where a trace enters this process, and every span inside follows its local parent. A caller's
 * {@code traceparent} is followed for its trace id only: its sampled flag decides nothing, nor does
 * its trace id (OpenTelemetry's ratio sampler reads the id's low bits, which a caller who writes
 * zeros there would always pass), so no partner can have all of its requests recorded.
 */
public final class CallerProofSampler implements Sampler {

    private final double share;
    private final DoubleSupplier draw;

    CallerProofSampler(double share, DoubleSupplier draw) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("the share of traces kept is between 0 and 1, not " + share);
        }
        this.share = share;
        this.draw = draw;
    }

    @Override
    public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
            Attributes attributes, List<LinkData> parentLinks) {
        SpanContext parent = Span.fromContext(parentContext).getSpanContext();
        boolean kept = parent.isValid() && !parent.isRemote() ? parent.isSampled() : draw.getAsDouble() < share;
        return kept ? SamplingResult.recordAndSample() : SamplingResult.drop();
    }

    @Override
    public String getDescription() {
        return "CallerProofSampler{share=" + share + "}";
    }
}
