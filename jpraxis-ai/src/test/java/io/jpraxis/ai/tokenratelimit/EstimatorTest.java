package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.ai.tokenratelimit.Estimation.Strategy;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Admission estimates (docs/reference/filters/token_rate_limit.md#estimation). */
class EstimatorTest {
    private static BodyFields body(String json) {
        return BodyFields.read(BodyChunk.of(json.getBytes(StandardCharsets.UTF_8), true));
    }

    private static Estimation of(Strategy s, double multiplier, Long fallback) {
        return new Estimation(s, multiplier, fallback, Map.of(), 1.0, 4.0);
    }

    @Test
    void fixedIsTheFallbackTimesTheMultiplierRoundedUp() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        assertThat(Estimator.estimate(of(Strategy.FIXED, 1.5, 101L), BodyFields.NONE, ctx)).hasValue(152);
    }

    @Test
    void maxTokensThenMaxCompletionTokensThenTheFallback() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions");
        Estimation e = of(Strategy.MAX_TOKENS, 1.1, 50L);
        assertThat(Estimator.estimate(e, body("{\"max_tokens\":100,\"max_completion_tokens\":7}"), ctx)).hasValue(110);
        assertThat(Estimator.estimate(e, body("{\"max_completion_tokens\":10}"), ctx)).hasValue(11);
        assertThat(Estimator.estimate(e, body("{\"max_output_tokens\":10}"), ctx)).as("Responses' field not read")
                .hasValue(55);
        assertThat(Estimator.estimate(of(Strategy.MAX_TOKENS, 1, null), body("{}"), ctx))
                .as("no value, no fallback: no reservation").isEmpty();
    }

    @Test
    void inputPlusMaxTokensCountsContentLengthBytes() {
        RequestContext ctx = AiFixtures.request("/v1/chat/completions", "content-length", "401");
        assertThat(Estimator.estimate(of(Strategy.INPUT_PLUS_MAX_TOKENS, 1, null), body("{\"max_tokens\":10}"), ctx))
                .as("ceil(401 / 4) + 10").hasValue(111);
        RequestContext chunked = AiFixtures.request("/v1/chat/completions", "transfer-encoding", "chunked");
        assertThat(Estimator.estimate(of(Strategy.INPUT_PLUS_MAX_TOKENS, 1, null), body("{\"max_tokens\":10}"),
                chunked)).as("no Content-Length: 0 input").hasValue(10);
    }

    @Test
    void modelScaledTakesTheBodyModelThenXModelThenTheDefault() {
        Estimation e = new Estimation(Strategy.MODEL_SCALED, 2, 10L, Map.of("big", 3.0, "small", 0.5), 1.0, 4.0);
        RequestContext ctx = AiFixtures.request("/v1/chat/completions", "x-model", "small");
        assertThat(Estimator.estimate(e, body("{\"model\":\"big\",\"max_tokens\":100}"), ctx)).hasValue(600);
        assertThat(Estimator.estimate(e, body("{\"max_tokens\":100}"), ctx)).hasValue(100);
        assertThat(Estimator.estimate(e, body("{\"model\":\"other\",\"max_tokens\":100}"), ctx)).hasValue(200);
    }
}
