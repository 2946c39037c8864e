package dev.recaudo.bootstrap.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 25: a caller's trace context cannot decide which traces are kept. */
class CallerProofSamplerTest {

    /** The id OpenTelemetry's ratio sampler always keeps: its low 64 bits are zero. */
    private static final String ZEROS_TRACE = "4bf92f3577b34da60000000000000000";
    private static final String SPAN = "00f067aa0ba902b7";

    @Test
    void givenACallersSampledParentWithATraceIdOfZeros_whenTheDrawMisses_thenTheTraceIsDropped() {
        CallerProofSampler sampler = new CallerProofSampler(0.1, () -> 0.5);

        assertThat(decision(sampler, SpanContext.createFromRemoteParent(ZEROS_TRACE, SPAN, TraceFlags.getSampled(),
                TraceState.getDefault()))).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void givenACallersUnsampledParent_whenTheDrawHits_thenTheTraceIsKept() {
        CallerProofSampler sampler = new CallerProofSampler(0.1, () -> 0.05);

        assertThat(decision(sampler, SpanContext.createFromRemoteParent(ZEROS_TRACE, SPAN, TraceFlags.getDefault(),
                TraceState.getDefault()))).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    @Test
    void givenALocalParent_whenSampling_thenItsDecisionIsFollowedWhateverTheDraw() {
        CallerProofSampler keepsNothing = new CallerProofSampler(0, () -> 0.0);
        CallerProofSampler keepsAll = new CallerProofSampler(1, () -> 0.0);

        assertThat(decision(keepsNothing, SpanContext.create(ZEROS_TRACE, SPAN, TraceFlags.getSampled(), TraceState.getDefault())))
                .isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
        assertThat(decision(keepsAll, SpanContext.create(ZEROS_TRACE, SPAN, TraceFlags.getDefault(), TraceState.getDefault())))
                .isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void givenNoParentAndTheShippedShare_whenSampling_thenEveryTraceIsKept() {
        CallerProofSampler sampler = new CallerProofSampler(1, () -> 0.999_999);

        assertThat(decision(sampler, SpanContext.getInvalid())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    @Test
    void givenAShareOutsideZeroToOne_whenBuilt_thenRefused() {
        assertThatThrownBy(() -> new CallerProofSampler(1.5, () -> 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CallerProofSampler(Double.NaN, () -> 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static SamplingDecision decision(CallerProofSampler sampler, SpanContext parent) {
        Context context = Context.root().with(Span.wrap(parent));
        return sampler.shouldSample(context, parent.isValid() ? parent.getTraceId() : ZEROS_TRACE, "GET", SpanKind.SERVER,
                Attributes.empty(), List.of()).getDecision();
    }
}
