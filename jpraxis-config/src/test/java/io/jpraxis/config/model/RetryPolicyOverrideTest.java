package io.jpraxis.config.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RetryPolicyOverrideTest {
    private static final RetryPolicyConfig CLUSTER = new RetryPolicyConfig(true, 5,
            List.of(RetryCondition.CONNECT_FAILURE, RetryCondition.RESET), List.of(502), 100L, 1000L,
            new RetryPolicyConfig.Backoff(10, 20), new RetryPolicyConfig.Budget(20, 5), 1024, true);

    @Test
    void aRouteOverridesOnlyTheFieldsItSets() {
        RetryPolicyOverride route = new RetryPolicyOverride(1, List.of(), List.of(), null, 50L, null, null, null, false);
        RetryPolicyConfig merged = route.over(CLUSTER);
        assertThat(merged.maxRetries()).isEqualTo(1);
        assertThat(merged.requestTimeoutMs()).isEqualTo(50L);
        assertThat(merged.allowNonIdempotent()).as("false set explicitly wins").isFalse();
        assertThat(merged.conditions()).as("empty route list keeps the cluster's").isEqualTo(CLUSTER.conditions());
        assertThat(merged.retriableStatusCodes()).isEqualTo(List.of(502));
        assertThat(merged.perTryTimeoutMs()).isEqualTo(100L);
        assertThat(merged.backoff()).isEqualTo(CLUSTER.backoff());
        assertThat(merged.budget()).isEqualTo(CLUSTER.budget());
        assertThat(merged.retryBodyLimitBytes()).isEqualTo(1024);
    }

    @Test
    void aNonEmptyRouteListReplacesTheClusterList() {
        RetryPolicyOverride route = new RetryPolicyOverride(null, List.of(RetryCondition.STATUS_5XX), List.of(429),
                null, null, null, null, null, null);
        RetryPolicyConfig merged = route.over(CLUSTER);
        assertThat(merged.conditions()).containsExactly(RetryCondition.STATUS_5XX);
        assertThat(merged.retriableStatusCodes()).as("replaced, not merged").containsExactly(429);
    }

    @Test
    void aRoutePolicyOverTheLegacyOneStartsFromTheConfiguredDefaults() {
        RetryPolicyOverride route = new RetryPolicyOverride(null, List.of(), List.of(), null, null, null, null, null,
                null);
        RetryPolicyConfig merged = route.over(RetryPolicyConfig.LEGACY);
        assertThat(merged).as("configured: reselects and backs off 25/250").isEqualTo(RetryPolicyConfig.DEFAULTS);
        assertThat(merged.backoff()).isEqualTo(new RetryPolicyConfig.Backoff(25, 250));
    }

    @Test
    void theBackoffCeilingDoublesUpToTheMaximum() {
        RetryPolicyConfig.Backoff b = RetryPolicyConfig.Backoff.DEFAULT;
        assertThat(List.of(b.ceilingMs(1), b.ceilingMs(2), b.ceilingMs(3), b.ceilingMs(4), b.ceilingMs(5),
                b.ceilingMs(60))).containsExactly(25L, 50L, 100L, 200L, 250L, 250L);
    }
}
