package io.jpraxis.http.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The gen_ai.* meters an ended exchange records (see docs/behaviour/metrics.md#genai-metrics). */
class GenAiMetricsTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RequestMetrics metrics = new RequestMetrics(registry);

    private static RequestContext request() {
        return new RequestContext("it", "POST", RequestPath.of("/v1/chat/completions"), null, "http",
                new InetSocketAddress("192.0.2.1", 1), new HeaderMap(), "r", Instant.now());
    }

    @Test
    void tokensAreRecordedByTypeProviderAndBoundedModel() {
        RequestContext ctx = request();
        GenAiExchange ai = GenAiExchange.of(ctx);
        ai.provider("anthropic");
        ai.model("claude-from-a-client", false);
        ai.usage(TokenUsage.of(300, 40, 340));
        ai.firstTokenNanos(5_000_000);
        metrics.record("it", ctx, 200, 9_000_000);

        DistributionSummary input = registry.find("gen_ai.client.token.usage").tag("gen_ai.token.type", "input")
                .tag("gen_ai.provider.name", "anthropic").tag("gen_ai.request.model", "other").summary();
        assertThat(input).as("a model the config does not name is labelled other").isNotNull();
        assertThat(input.totalAmount()).isEqualTo(300);
        assertThat(registry.find("gen_ai.client.token.usage").tag("gen_ai.token.type", "output").summary()
                .totalAmount()).isEqualTo(40);
        assertThat(registry.find("praxis.ai.ttft").tag("model", "other").timer().count()).isEqualTo(1);
        assertThat(registry.find("gen_ai.client.operation.duration").timer().count()).isEqualTo(1);
    }

    @Test
    void anExchangeNoAiFilterDescribedRecordsNoGenAiMeter() {
        metrics.record("it", request(), 200, 1_000);
        assertThat(registry.find("gen_ai.client.operation.duration").timer()).isNull();
        assertThat(registry.find("gen_ai.client.token.usage").summary()).isNull();
    }

    @Test
    void aCallWithoutUsageRecordsItsDurationButNoTokens() {
        RequestContext ctx = request();
        GenAiExchange.of(ctx).provider("openai");
        metrics.record("it", ctx, 200, 1_000);
        assertThat(registry.find("gen_ai.client.operation.duration").timer().count()).isEqualTo(1);
        assertThat(registry.find("gen_ai.client.token.usage").summary().count()).as("no sample, never a guessed zero")
                .isZero();
    }
}
