package io.jpraxis.ai.tokenratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.tokenratelimit.TokenRateLimitConfig.Weights;
import io.jpraxis.core.context.RequestMetadata;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The reconciled cost (docs/reference/filters/token_rate_limit.md#reconciliation). */
class ActualCostTest {
    private static final Weights REASONING_09 = new Weights(1, 1, 1, 1, 0.9);

    private static OptionalLong cost(Map<String, String> metadata, Weights w) {
        RequestMetadata m = new RequestMetadata();
        metadata.forEach(m::put);
        return ActualCost.of(ActualCost.fromMetadata(m), w);
    }

    @Test
    void googleThoughtsAreAdditiveAndOpenAiReasoningNestedWithTheSameWeights() {
        // 4.14 item 4: the total tells the two apart.
        assertThat(cost(Map.of("token.input", "50", "token.output", "80", "token.total", "330",
                "token.reasoning", "200"), REASONING_09)).as("additive: 50 + 80 + 200 × 0.9").hasValue(310);
        assertThat(cost(Map.of("token.input", "120", "token.output", "800", "token.total", "920",
                "token.reasoning", "640"), REASONING_09)).as("nested: 120 + 160 + 640 × 0.9").hasValue(856);
    }

    @Test
    void aFractionalCostIsRoundedUp() {
        Weights cheapCache = new Weights(1, 1, 0.1, 1, 1);
        assertThat(cost(Map.of("token.input", "9", "token.output", "0", "token.total", "9", "token.cache_read", "9"),
                cheapCache)).as("9 cached tokens at 0.1").hasValue(1);
    }

    @Test
    void anOverflowLeavesTheEstimateStandingEvenWithPartialCounts() {
        assertThat(cost(Map.of("token.status", "overflow", "token.input", "10", "token.output", "3"), Weights.ONE))
                .isEmpty();
    }

    @Test
    void nothingUsableIsUnknownAndATotalAloneIsChargedAtWeightOne() {
        assertThat(cost(Map.of(), Weights.ONE)).isEmpty();
        assertThat(cost(Map.of("token.input", "10"), Weights.ONE)).as("input without output").isEmpty();
        assertThat(cost(Map.of("token.total", "42"), new Weights(2, 2, 2, 2, 2))).hasValue(42);
    }

    @Test
    void cacheReadsAndWritesAreClampedToTheInput() {
        Weights w = new Weights(1, 1, 0.5, 2, 1);
        // 100 input: 80 read (0.5), writes clamped to the 20 left (2), nothing uncached
        assertThat(cost(Map.of("token.input", "100", "token.output", "10", "token.total", "110",
                "token.cache_read", "80", "token.cache_write", "50"), w)).hasValue(40 + 40 + 10);
    }

    @Test
    void aTieOrAMissingTotalCountsReasoningAsNested() {
        Weights w = new Weights(1, 1, 1, 1, 0);
        assertThat(cost(Map.of("token.input", "10", "token.output", "20", "token.reasoning", "10"), w))
                .as("no total: nested, 10 visible").hasValue(20);
        assertThat(cost(Map.of("token.input", "10", "token.output", "20", "token.total", "35",
                "token.reasoning", "10"), w)).as("35 is as near 30 as 40").hasValue(20);
    }

    @Test
    void theCostIsCappedAt2Pow53() {
        assertThat(cost(Map.of("token.input", "18446744073709551615", "token.output", "1", "token.total",
                "18446744073709551615"), Weights.ONE)).hasValue(1L << 53);
    }
}
