package io.jpraxis.http.metrics;

import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * The {@code gen_ai.*} meters of an ended exchange that an AI filter described ({@link
 * GenAiExchange}; see docs/behaviour/metrics.md#genai-metrics), named after the OpenTelemetry GenAI
 * conventions: {@code gen_ai.client.token.usage} (histogram of tokens by {@code gen_ai.token.type}
 * {@code input}/{@code output}), {@code gen_ai.client.operation.duration} and {@code
 * gen_ai.client.operation.time_to_first_chunk}, plus Praxis's {@code praxis_ai_ttft_seconds}
 * (label {@code model}). Every label is bounded: the provider comes from the filter's config, the
 * model is one the config names or {@code other}. An exchange cut short records what was counted.
 */
final class GenAiMetrics {
    /** The OpenTelemetry recommended bucket bounds of token usage. */
    static final double[] TOKEN_BUCKETS = {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304,
        16777216, 67108864};
    /** The recommended bounds of operation durations, seconds 0.01 to 81.92. */
    static final Duration[] DURATION_BUCKETS = durations(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12,
            10.24, 20.48, 40.96, 81.92);

    private final MeterRegistry registry;
    private final ConcurrentMap<Series, Meters> meters = new ConcurrentHashMap<>();

    GenAiMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records the exchange's model call, if an AI filter described one. */
    void record(RequestContext ctx, long durationNanos) {
        GenAiExchange ai = ctx == null ? null : ctx.extensions().get(GenAiExchange.KEY).orElse(null);
        if (ai == null || ai.provider() == null) {
            return;
        }
        Meters m = meters.computeIfAbsent(new Series(ai.provider(), ai.modelLabel()), this::register);
        m.duration().record(durationNanos, TimeUnit.NANOSECONDS);
        ai.usage().ifPresent(usage -> {
            m.input().record(TokenUsage.asDouble(usage.input()));
            m.output().record(TokenUsage.asDouble(usage.output()));
        });
        if (ai.firstTokenNanos() >= 0) {
            m.firstChunk().record(ai.firstTokenNanos(), TimeUnit.NANOSECONDS);
            m.ttft().record(ai.firstTokenNanos(), TimeUnit.NANOSECONDS);
        }
    }

    private Meters register(Series s) {
        Tags tags = Tags.of("gen_ai.provider.name", s.provider(), "gen_ai.request.model", s.model());
        return new Meters(tokens(tags, "input"), tokens(tags, "output"),
                timer("gen_ai.client.operation.duration", "Duration of model calls through the gateway", tags),
                timer("gen_ai.client.operation.time_to_first_chunk",
                        "From the request's arrival to the first chunk of a streamed answer", tags),
                timer("praxis.ai.ttft", "Time to first token of streamed answers (Praxis's name)",
                        Tags.of("model", s.model())));
    }

    private DistributionSummary tokens(Tags tags, String type) {
        return DistributionSummary.builder("gen_ai.client.token.usage").description("Tokens per model call, by type")
                .tags(tags).tag("gen_ai.token.type", type).serviceLevelObjectives(TOKEN_BUCKETS).register(registry);
    }

    private Timer timer(String name, String description, Tags tags) {
        return Timer.builder(name).description(description).tags(tags).serviceLevelObjectives(DURATION_BUCKETS)
                .register(registry);
    }

    private static Duration[] durations(double... seconds) {
        Duration[] out = new Duration[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            out[i] = Duration.ofNanos(Math.round(seconds[i] * 1e9));
        }
        return out;
    }

    private record Series(String provider, String model) {
    }

    private record Meters(DistributionSummary input, DistributionSummary output, Timer duration, Timer firstChunk,
            Timer ttft) {
    }
}
