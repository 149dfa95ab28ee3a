package io.jpraxis.core.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.RetryPolicyConfig;
import org.junit.jupiter.api.Test;

class RetryTokensTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void startsWithTheMinimumAndRefillsAtThatRate() {
        long[] now = {0};
        RetryTokens tokens = new RetryTokens(new RetryPolicyConfig.Budget(20, 2), () -> 0, () -> now[0]);
        assertThat(tokens.tryTake()).isTrue();
        assertThat(tokens.tryTake()).isTrue();
        assertThat(tokens.tryTake()).as("two tokens to start with").isFalse();
        now[0] = SECOND / 2;
        assertThat(tokens.tryTake()).as("half a second refills one at 2/s").isTrue();
        assertThat(tokens.tryTake()).isFalse();
    }

    @Test
    void capacityFollowsTheActiveRequestsAboveTheMinimum() {
        long[] now = {0};
        int[] active = {100};
        RetryTokens tokens = new RetryTokens(new RetryPolicyConfig.Budget(20, 1), () -> active[0], () -> now[0]);
        now[0] = 60 * SECOND;
        assertThat(tokens.available()).as("capped at 100 active * 20%").isEqualTo(20.0);
        active[0] = 0;
        assertThat(tokens.available()).as("never above the minimum with no traffic").isEqualTo(1.0);
    }
}
